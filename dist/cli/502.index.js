export const id = 502;
export const ids = [502];
export const modules = {

/***/ 97502:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   exitCodeForSignal: () => (/* binding */ exitCodeForSignal),
/* harmony export */   receivedTerminationSignal: () => (/* binding */ receivedTerminationSignal),
/* harmony export */   watchTermination: () => (/* binding */ watchTermination)
/* harmony export */ });
/**
 * SIGINT/SIGTERM handling for the action and the CLI. The runner cancels a job (or ends it at
 * `timeout-minutes`) with SIGINT, then SIGTERM a few seconds later, then SIGKILL; Node's
 * default is to die at once and publish nothing. Here the first signal asks the run to stop and
 * publish what it has; a hard exit after `graceMs` keeps the promise to exit within the
 * runner's window even if publishing hangs; a second signal exits at once.
 */
const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 };
/** The conventional exit status of a process ended by `signal` (130 for SIGINT, 143 for SIGTERM). */
function exitCodeForSignal(signal) {
    return 128 + SIGNAL_NUMBERS[signal];
}
let firstReceived = null;
/** The first termination signal this process received while watched, for the entry point's exit. */
function receivedTerminationSignal() {
    return firstReceived;
}
function watchTermination(options) {
    let received = null;
    const handle = (signal) => {
        if (received !== null) {
            options.onForcedExit?.(`${signal} received again; exiting now.`);
            process.exit(exitCodeForSignal(received));
        }
        received = signal;
        firstReceived ??= signal;
        // unref: a run that finishes publishing in time exits on its own, not at this timer.
        setTimeout(() => {
            options.onForcedExit?.(`publishing did not finish within ${options.graceMs} ms of ${signal}; exiting.`);
            process.exit(exitCodeForSignal(signal));
        }, options.graceMs).unref();
        options.onSignal(signal);
    };
    const onInterrupt = () => handle('SIGINT');
    const onTerminate = () => handle('SIGTERM');
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', onTerminate);
    return {
        received: () => received,
        dispose() {
            process.off('SIGINT', onInterrupt);
            process.off('SIGTERM', onTerminate);
        },
    };
}


/***/ })

};
