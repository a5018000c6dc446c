import { isLoopbackHost } from '../shared/bounded-http.js';

/**
 * Where a profile may send prompts. Remote endpoints need HTTPS; plain HTTP is only
 * acceptable on loopback, where nothing crosses a network. Credentials belong in the
 * auth section (resolved from a secret), never in a URL that ends up in logs and traces.
 * Returns a problem description, or null when the endpoint is acceptable.
 */
export function checkEndpoint(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'is not an absolute URL; give the full chat completions URL, e.g. https://api.openai.com/v1/chat/completions';
  }
  if (url.username !== '' || url.password !== '') {
    return 'contains credentials; remove them from the URL and use auth.secretEnv instead';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return null;
    return `uses plain http to non-loopback host "${url.hostname}"; use https (plain http is only allowed for 127.0.0.1, localhost and ::1)`;
  }
  return `uses unsupported protocol "${url.protocol}"; use https (or http on loopback)`;
}
