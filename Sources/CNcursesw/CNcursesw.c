// The emergency terminal restore. It lives in C because a signal handler may only do
// async-signal-safe things: write(2), tcsetattr(3), sigaction(2), raise(3). ncurses' endwin
// is not among them, nor is anything in the Swift runtime (a Swift global's lazy
// initialisation takes a lock). So the bytes that undo the curses screen (leave the
// alternate screen, show the cursor, reset attributes, turn off bracketed paste and mouse
// reporting) are computed while the terminal starts, and the handler only writes them and
// sets the saved terminal mode back.
#define _POSIX_C_SOURCE 200809L
#include "CNcursesw.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static char restore_bytes[1024];
static size_t restore_length;
static struct termios shell_mode;
static int shell_mode_saved;
static volatile sig_atomic_t restore_armed;
static int handlers_installed;
static int exit_hook_installed;

/// Signals that end the process: restore, say why in one line, then die of the signal as if
/// we had not caught it.
static const int ending_signals[] = { SIGTERM, SIGHUP, SIGINT };
/// Crash signals: restore, say why in one line, then die of the signal (the default action:
/// a core dump where the system keeps them), or with SWIFT_BACKTRACE set, hand the signal to
/// whoever had it before (the Swift runtime's backtracer), for a backtrace.
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
#define ENDING_SIGNAL_COUNT (sizeof ending_signals / sizeof ending_signals[0])
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous_ending_actions[ENDING_SIGNAL_COUNT];
static struct sigaction previous_crash_actions[CRASH_SIGNAL_COUNT];

/// Whether SWIFT_BACKTRACE was set when the terminal started: then a crash goes on to the
/// Swift runtime's backtracer (or whatever had the signal before), as that setting asks.
/// Otherwise the one line below is all that is said, and the process dies of the signal.
static int crashes_go_on;

/// One line on stderr saying why the program stops, after the terminal is restored.
static const char *reason_for(int signal_number) {
    switch (signal_number) {
    case SIGBUS: return "listomat: stopped by SIGBUS (a file it had mapped was cut short, often listomat.sqlite-shm)\n";
    case SIGSEGV: return "listomat: stopped by SIGSEGV (a memory fault: an internal error)\n";
    case SIGILL: return "listomat: stopped by SIGILL (an internal error)\n";
    case SIGTRAP: return "listomat: stopped by SIGTRAP (an internal error)\n";
    case SIGFPE: return "listomat: stopped by SIGFPE (an arithmetic fault: an internal error)\n";
    case SIGABRT: return "listomat: stopped by SIGABRT (aborted)\n";
    case SIGTERM: return "listomat: stopped by SIGTERM\n";
    case SIGHUP: return "listomat: stopped by SIGHUP (the terminal hung up)\n";
    case SIGINT: return "listomat: stopped by SIGINT\n";
    default: return "listomat: stopped by a signal\n";
    }
}

static void write_all(int fd, const char *bytes, size_t length) {
    size_t written = 0;
    while (written < length) {
        ssize_t count = write(fd, bytes + written, length - written);
        if (count <= 0) break;
        written += (size_t)count;
    }
}

/// strlen is not on every system's list of async-signal-safe functions.
static void say_why(int signal_number) {
    const char *reason = reason_for(signal_number);
    size_t length = 0;
    while (reason[length] != '\0') length++;
    write_all(STDERR_FILENO, reason, length);
}

static void restore_terminal_now(void) {
    if (!restore_armed) return;
    restore_armed = 0;
    write_all(STDOUT_FILENO, restore_bytes, restore_length);
    if (shell_mode_saved) tcsetattr(STDIN_FILENO, TCSADRAIN, &shell_mode);
}

static void on_ending_signal(int signal_number) {
    restore_terminal_now();
    say_why(signal_number);
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signal_number, &default_action, NULL);
    // The signal is blocked while its handler runs: raise it, then unblock it so the default
    // action (ending the process) happens now. _exit is the fallback.
    raise(signal_number);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    _exit(128 + signal_number);
}

static void on_crash_signal(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    restore_terminal_now();
    say_why(signal_number);
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (crash_signals[i] != signal_number) continue;
        sigaction(signal_number, crashes_go_on ? &previous_crash_actions[i] : &default_action, NULL);
    }
    // A fault happens again when the instruction re-runs after we return; a signal someone
    // sent (abort's SIGABRT, kill) has to be sent again to reach the previous handler.
    if (info == NULL || info->si_code <= 0) raise(signal_number);
}

static void restore_at_exit(void) { restore_terminal_now(); }

void cn_prepare_emergency_restore(void) {
    restore_armed = 0;
    shell_mode_saved = tcgetattr(STDIN_FILENO, &shell_mode) == 0;
    crashes_go_on = getenv("SWIFT_BACKTRACE") != NULL;
    if (!handlers_installed) {
        handlers_installed = 1;
        // Installed before newterm: ncurses only catches SIGINT and SIGTERM itself when they
        // are at their default, so ours stay the ones that run.
        struct sigaction action;
        memset(&action, 0, sizeof action);
        sigemptyset(&action.sa_mask);
        action.sa_handler = on_ending_signal;
        for (size_t i = 0; i < ENDING_SIGNAL_COUNT; i++) {
            sigaction(ending_signals[i], &action, &previous_ending_actions[i]);
        }
        struct sigaction crash_action;
        memset(&crash_action, 0, sizeof crash_action);
        sigemptyset(&crash_action.sa_mask);
        crash_action.sa_sigaction = on_crash_signal;
        crash_action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
            sigaction(crash_signals[i], &crash_action, &previous_crash_actions[i]);
        }
    }
    if (!exit_hook_installed) {
        exit_hook_installed = 1;
        atexit(restore_at_exit);
    }
}

void cn_arm_emergency_restore(const char *bytes, size_t length) {
    restore_armed = 0;
    restore_length = length < sizeof restore_bytes ? length : sizeof restore_bytes;
    memcpy(restore_bytes, bytes, restore_length);
    restore_armed = 1;
}

void cn_disarm_emergency_restore(void) {
    restore_armed = 0;
    if (!handlers_installed) return;
    handlers_installed = 0;
    // Give the signals back to whoever had them before the terminal started.
    for (size_t i = 0; i < ENDING_SIGNAL_COUNT; i++) sigaction(ending_signals[i], &previous_ending_actions[i], NULL);
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) sigaction(crash_signals[i], &previous_crash_actions[i], NULL);
}

void cn_stop_self(void) {
    // SIGTSTP's default action stops the process; the handler it had (ncurses' own, or
    // none) comes back once the shell continues it.
    struct sigaction default_action, previous;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(SIGTSTP, &default_action, &previous);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    // The whole process group, as the terminal's own Ctrl-Z would: a wrapper script or a
    // pipeline stops with it, and the shell sees the job stopped.
    kill(0, SIGTSTP);
    sigaction(SIGTSTP, &previous, NULL);
}
