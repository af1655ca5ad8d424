#ifndef HIKE_CNCURSES_SHIM_H
#define HIKE_CNCURSES_SHIM_H

/* SwiftPM drops the -D flags that pkg-config reports, so the wide-character
   API has to be switched on here, before curses.h is read. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>

/* The terminal's rows and columns as the kernel has them; -1 when it cannot say. */
static inline int hr_terminal_size(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

/* Globals and macros that do not import into Swift 6. */
static inline WINDOW *hr_stdscr(void) { return stdscr; }
static inline int hr_lines(void) { return LINES; }
static inline int hr_cols(void) { return COLS; }
static inline int hr_color_pairs(void) { return COLOR_PAIRS; }
static inline int hr_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int hr_getmaxx(WINDOW *w) { return getmaxx(w); }

static inline attr_t hr_a_normal(void) { return A_NORMAL; }
static inline attr_t hr_a_bold(void) { return A_BOLD; }
static inline attr_t hr_a_dim(void) { return A_DIM; }
static inline attr_t hr_a_underline(void) { return A_UNDERLINE; }
static inline attr_t hr_a_reverse(void) { return A_REVERSE; }
static inline attr_t hr_color_pair(short n) { return COLOR_PAIR(n); }

static inline int hr_key_resize(void) { return KEY_RESIZE; }
static inline int hr_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t hr_button4_pressed(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
static inline mmask_t hr_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t hr_button5_pressed(void) { return 0; }
#endif
static inline mmask_t hr_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED; }

static inline const cchar_t *hr_wacs_hline(void) { return WACS_HLINE; }
static inline const cchar_t *hr_wacs_vline(void) { return WACS_VLINE; }

/* The most wide characters a cchar_t holds, and the C library's column count of one. */
static inline int hr_ccharw_max(void) { return CCHARW_MAX; }
static inline int hr_wcwidth(wchar_t c) { return wcwidth(c); }

/* Writes one grapheme (as wide characters) with attributes at y, x. */
static inline int hr_put_wide(int y, int x, const wchar_t *wcs, attr_t attrs, short pair) {
    cchar_t cc;
    if (setcchar(&cc, wcs, attrs, pair, NULL) != OK) {
        return ERR;
    }
    return mvadd_wch(y, x, &cc);
}

#endif
