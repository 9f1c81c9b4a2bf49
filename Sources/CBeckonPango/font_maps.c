#include <fontconfig/fontconfig.h>
#include <pthread.h>

#include "internal.h"

// Pango font maps cache fonts and are not thread-safe, and Pango's default map is per thread (so it
// is rebuilt for every new thread). Canvases borrow maps from this pool instead: each map serves one
// canvas at a time and keeps its loaded fonts for the next. The pool grows to the number of canvases
// alive at once. Fontconfig's configuration and font list are loaded once, before the first map.

enum { pool_capacity = 64 };

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static PangoFontMap *idle_maps[pool_capacity];
static int idle_count = 0;

static pthread_once_t fontconfig_once = PTHREAD_ONCE_INIT;

static pthread_mutex_t fonts_lock = PTHREAD_MUTEX_INITIALIZER;

void beckon_fonts_lock(void) { pthread_mutex_lock(&fonts_lock); }

void beckon_fonts_unlock(void) { pthread_mutex_unlock(&fonts_lock); }

static void initialise_fontconfig(void) { FcInit(); }

PangoFontMap *beckon_font_map_acquire(void) {
    pthread_once(&fontconfig_once, initialise_fontconfig);
    PangoFontMap *font_map = NULL;
    pthread_mutex_lock(&pool_lock);
    if (idle_count > 0) font_map = idle_maps[--idle_count];
    pthread_mutex_unlock(&pool_lock);
    if (font_map) return font_map;
    beckon_fonts_lock();
    font_map = pango_cairo_font_map_new();
    beckon_fonts_unlock();
    return font_map;
}

void beckon_font_map_release(PangoFontMap *font_map) {
    if (!font_map) return;
    pthread_mutex_lock(&pool_lock);
    if (idle_count < pool_capacity) {
        idle_maps[idle_count++] = font_map;
        font_map = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    if (!font_map) return;
    beckon_fonts_lock();
    g_object_unref(font_map);
    beckon_fonts_unlock();
}

void beckon_font_maps_release_idle(void) {
    PangoFontMap *maps[pool_capacity];
    pthread_mutex_lock(&pool_lock);
    int count = idle_count;
    for (int index = 0; index < count; index++) maps[index] = idle_maps[index];
    idle_count = 0;
    pthread_mutex_unlock(&pool_lock);
    beckon_fonts_lock();
    for (int index = 0; index < count; index++) g_object_unref(maps[index]);
    beckon_fonts_unlock();
}
