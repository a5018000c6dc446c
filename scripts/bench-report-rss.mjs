// Preloaded into benchmarked processes (node --import): reports peak RSS on exit.
process.on('exit', () => {
  process.stderr.write(`\n__bench_max_rss_kb=${process.resourceUsage().maxRSS}\n`);
});
