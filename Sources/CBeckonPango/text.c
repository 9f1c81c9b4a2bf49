#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct beckon_text {
    PangoLayout *layout;
};

/// A Pango context of its own per text block, so that one block's language and direction never
/// change another's layout.
static PangoContext *create_context(beckon_canvas *canvas, const beckon_text_style *style) {
    PangoContext *context = pango_font_map_create_context(canvas->font_map);
    cairo_font_options_t *options = cairo_font_options_create();
    // Unhinted outlines at fractional positions: the same shapes at every size and position.
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_language(context, pango_language_from_string(style->language));
    pango_context_set_base_dir(context, style->right_to_left ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR);
    return context;
}

/// With a fixed base direction, Pango does not swap left and right for right-to-left text.
static PangoAlignment alignment(const beckon_text_style *style) {
    if (style->alignment == 1) return PANGO_ALIGN_CENTER;
    return style->right_to_left ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
}

static void measure(PangoLayout *layout, beckon_text_metrics *metrics) {
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    metrics->line_count = pango_layout_get_line_count(layout);
    metrics->ellipsized = pango_layout_is_ellipsized(layout) ? 1 : 0;
    metrics->width = (double)logical.width / PANGO_SCALE;
    metrics->height = (double)logical.height / PANGO_SCALE;
    metrics->last_line_letters = 0;
    if (metrics->line_count > 0) {
        PangoLayoutLine *line = pango_layout_get_line_readonly(layout, metrics->line_count - 1);
        const char *text = pango_layout_get_text(layout);
        if (line && text) {
            const char *cursor = text + line->start_index;
            const char *end = cursor + line->length;
            while (cursor < end) {
                if (g_unichar_isalnum(g_utf8_get_char(cursor))) metrics->last_line_letters++;
                cursor = g_utf8_next_char(cursor);
            }
        }
    }
}

beckon_text *beckon_text_create(beckon_canvas *canvas, const beckon_text_style *style, beckon_text_metrics *metrics) {
    beckon_text *text = calloc(1, sizeof(beckon_text));
    if (!text) return NULL;
    beckon_fonts_lock();
    PangoContext *context = create_context(canvas, style);
    text->layout = pango_layout_new(context);
    g_object_unref(context);

    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, style->families);
    pango_font_description_set_weight(font, (PangoWeight)style->weight);
    pango_font_description_set_absolute_size(font, style->size * PANGO_SCALE);
    pango_layout_set_font_description(text->layout, font);
    pango_font_description_free(font);

    // The base direction comes from the locale, not from the first strong character, so an
    // English name in an Arabic title does not turn the title left-to-right.
    pango_layout_set_auto_dir(text->layout, FALSE);
    pango_layout_set_alignment(text->layout, alignment(style));
    pango_layout_set_width(text->layout, (int)(style->width * PANGO_SCALE));
    pango_layout_set_wrap(text->layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_ellipsize(text->layout, PANGO_ELLIPSIZE_END);
    // A negative height is a line count.
    pango_layout_set_height(text->layout, -(style->max_lines > 0 ? style->max_lines : 1));
    pango_layout_set_text(text->layout, style->text, -1);
    if (style->phrase_starts && style->phrase_count > 0) {
        // Breaks are allowed only where a phrase starts: each phrase is one unbreakable run.
        PangoAttrList *attributes = pango_attr_list_new();
        int32_t length = (int32_t)strlen(style->text);
        int32_t start = 0;
        for (int32_t index = 0; index <= style->phrase_count; index++) {
            int32_t end = index < style->phrase_count ? style->phrase_starts[index] : length;
            if (end > start && end <= length) {
                PangoAttribute *keep = pango_attr_allow_breaks_new(FALSE);
                keep->start_index = (guint)start;
                keep->end_index = (guint)end;
                pango_attr_list_insert(attributes, keep);
                start = end;
            }
        }
        pango_layout_set_attributes(text->layout, attributes);
        pango_attr_list_unref(attributes);
    }
    measure(text->layout, metrics);

    if (style->max_height > 0 && metrics->height > style->max_height) {
        pango_layout_set_height(text->layout, (int)(style->max_height * PANGO_SCALE));
        measure(text->layout, metrics);
    }
    beckon_fonts_unlock();
    return text;
}

void beckon_text_destroy(beckon_text *text) {
    if (!text) return;
    beckon_fonts_lock();
    g_object_unref(text->layout);
    beckon_fonts_unlock();
    free(text);
}

void beckon_text_draw(beckon_canvas *canvas, beckon_text *text, double x, double y, beckon_rgba color) {
    cairo_t *cairo = canvas->cairo;
    beckon_fonts_lock();
    pango_cairo_update_layout(cairo, text->layout);
    cairo_move_to(cairo, x, y);
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha);
    pango_cairo_show_layout(cairo, text->layout);
    beckon_fonts_unlock();
}
