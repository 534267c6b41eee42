// The parts of ncursesw that Swift needs, as plain functions: ncurses exposes many of them as
// macros or globals, which Swift either cannot import or (globals) will not touch in Swift 6
// mode. Only NcursesBackend uses this module.
#ifndef CNCURSESW_H
#define CNCURSESW_H

// Wide-character curses (cchar_t, wget_wch, setcchar) is only declared with these.
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#else
#include <curses.h>
#include <term.h>
#endif

// MARK: - Screen set-up

/// newterm on the process's stdout and stdin. Unlike initscr, it returns NULL (instead of
/// exiting the process) when the terminal type is unknown.
static inline SCREEN *cn_newterm_stdio(void) { return newterm(NULL, stdout, stdin); }
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_lines(void) { return getmaxy(stdscr); }
static inline int cn_columns(void) { return getmaxx(stdscr); }
static inline int cn_ok(void) { return OK; }

/// A parameterless terminfo string capability ("rmcup", "cnorm"), or NULL when the terminal
/// has none (tigetstr's (char *)-1 "not a string capability" included).
static inline const char *cn_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

// MARK: - Attributes and colours

static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline attr_t cn_attr_italic(void) {
#ifdef A_ITALIC
    return A_ITALIC;
#else
    return A_NORMAL;
#endif
}
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_normal(void) { return A_NORMAL; }
static inline attr_t cn_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

// MARK: - Drawing

/// wcwidth for one scalar, as ncurses will measure it (-1: not printable in this locale).
static inline int cn_wcwidth(uint32_t scalar) { return wcwidth((wchar_t)scalar); }

/// Draws one grapheme cluster at row y, column x of stdscr: `scalars` (at most CCHARW_MAX
/// are used: a spacing character and the combining ones after it) in `attributes` and colour
/// pair `pair`. Returns ERR or OK.
static inline int cn_draw_cluster(int y, int x, const uint32_t *scalars, int count, attr_t attributes, short pair) {
    wchar_t text[CCHARW_MAX + 1];
    int length = count < CCHARW_MAX ? count : CCHARW_MAX;
    if (length <= 0) return ERR;
    for (int i = 0; i < length; i++) text[i] = (wchar_t)scalars[i];
    text[length] = L'\0';
    cchar_t cell;
    if (setcchar(&cell, text, attributes, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(stdscr, y, x, &cell);
}

// MARK: - Input

/// The three outcomes of wget_wch.
enum { CN_INPUT_NONE = 0, CN_INPUT_CHARACTER = 1, CN_INPUT_KEY_CODE = 2 };

/// wget_wch on stdscr: CN_INPUT_NONE (timeout or error), CN_INPUT_CHARACTER (`*value` is a
/// Unicode scalar) or CN_INPUT_KEY_CODE (`*value` is a KEY_* code).
static inline int cn_read_input(uint32_t *value) {
    wint_t input = 0;
    int result = wget_wch(stdscr, &input);
    *value = (uint32_t)input;
    if (result == KEY_CODE_YES) return CN_INPUT_KEY_CODE;
    if (result == OK) return CN_INPUT_CHARACTER;
    return CN_INPUT_NONE;
}

// The KEY_* codes (KEY_UP, KEY_F0, KEY_RESIZE, KEY_MOUSE, ...) are plain integer macros:
// Swift imports them as they are.

// MARK: - Mouse

static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}

/// getmouse: the event's column, row and button state. Returns ERR or OK.
static inline int cn_get_mouse(int *x, int *y, mmask_t *state) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *x = event.x;
    *y = event.y;
    *state = event.bstate;
    return OK;
}

// MARK: - Restoring the terminal from signal handlers and exit (CNcursesw.c)

/// Before newterm: saves the terminal mode stdin is in now (what an emergency restore sets
/// back), installs the handlers for SIGTERM, SIGHUP, SIGINT and the crash signals, and (once)
/// an atexit hook. They do nothing until armed.
void cn_prepare_emergency_restore(void);

/// After newterm: arms the emergency restore. On one of those signals, or at exit while still
/// armed, `bytes` (copied; at most 1024 kept) are written to stdout and the saved mode is set
/// back; on a signal, one line on stderr then says why ("listomat: stopped by SIGBUS (…)"),
/// and the process dies of the signal as its default action would (a crash signal goes on to
/// the handler it had before, the Swift backtracer, when SWIFT_BACKTRACE was set).
void cn_arm_emergency_restore(const char *bytes, size_t length);

/// Disarms it (the orderly shutdown has restored the terminal) and gives the signals back to
/// the handlers they had before.
void cn_disarm_emergency_restore(void);

/// Stops the process and its process group as Ctrl-Z does in a shell (SIGTSTP with its
/// default action); returns
/// when the process is continued (SIGCONT, `fg`). A process whose process group has no
/// shell to continue it (an orphaned group) is not stopped: it returns at once.
void cn_stop_self(void);

#endif
