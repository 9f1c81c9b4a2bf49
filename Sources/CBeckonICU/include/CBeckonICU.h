#ifndef CBECKONICU_H
#define CBECKONICU_H

// ICU's C entry points are renamed per version (ubrk_open -> ubrk_open_72) through macros Swift
// cannot import, and ICU's types collide with the copy of ICU inside Foundation. These functions
// wrap the calls Beckon needs using plain C types only.

#include <stdint.h>

/// Opens CLDR plural rules for a locale (`de_DE`); `ordinal` selects ordinal rules. NULL on failure.
void *beckon_plural_rules_open(const char *locale, int ordinal);
void beckon_plural_rules_close(void *rules);

/// Writes the category of `number` (`one`, `few`, …) as a NUL-terminated string; returns its length
/// or -1 on failure.
int32_t beckon_plural_rules_select(void *rules, double number, char *keyword, int32_t capacity);

/// Writes the locale's categories as a space-separated, NUL-terminated string; returns its length
/// or -1 on failure.
int32_t beckon_plural_rules_keywords(void *rules, char *buffer, int32_t capacity);

/// Finds the words of UTF-16 `text` with ICU's word break rules for `locale`: writes the UTF-16
/// start and end offsets of up to `capacity` words (segments that are not spaces or punctuation)
/// and returns how many words there are (which may exceed `capacity`), or -1 on failure.
int32_t beckon_words(const uint16_t *text, int32_t length, const char *locale, int32_t *starts, int32_t *ends,
                     int32_t capacity);

/// Finds where UTF-16 `text` may be broken across lines under ICU's line break rules for `locale`
/// (`ja@lw=phrase` keeps Japanese phrases whole): writes up to `capacity` UTF-16 offsets, the
/// text's start and end left out, and returns how many there are (which may exceed `capacity`), or
/// -1 on failure.
int32_t beckon_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *offsets,
                           int32_t capacity);

/// Units for `beckon_relative_time`, matching ICU's URelativeDateTimeUnit.
enum BeckonRelativeUnit {
    BECKON_RELATIVE_YEAR = 0,
    BECKON_RELATIVE_MONTH = 2,
    BECKON_RELATIVE_WEEK = 3,
    BECKON_RELATIVE_DAY = 4,
    BECKON_RELATIVE_HOUR = 5,
    BECKON_RELATIVE_MINUTE = 6,
    BECKON_RELATIVE_SECOND = 7,
};

/// Formats `offset` units relative to now in the locale's words ("2 days ago", "in 3 hours") as
/// UTF-16 into `out`; `narrow` chooses the shortest style ("2d ago"). Returns the length written,
/// or -1 on failure.
int32_t beckon_relative_time(const char *locale, double offset, int unit, int narrow, uint16_t *out, int32_t capacity);

#endif
