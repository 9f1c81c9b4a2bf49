#include "CBeckonICU.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uenum.h>
#include <unicode/upluralrules.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ustring.h>

void *beckon_plural_rules_open(const char *locale, int ordinal) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules =
        uplrules_openForType(locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status);
    if (U_FAILURE(status)) {
        if (rules) uplrules_close(rules);
        return NULL;
    }
    return rules;
}

void beckon_plural_rules_close(void *rules) {
    if (rules) uplrules_close((UPluralRules *)rules);
}

int32_t beckon_plural_rules_select(void *rules, double number, char *keyword, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar buffer[32];
    int32_t length = uplrules_select((const UPluralRules *)rules, number, buffer, 32, &status);
    if (U_FAILURE(status) || length >= capacity) return -1;
    u_UCharsToChars(buffer, keyword, length);
    keyword[length] = '\0';
    return length;
}

int32_t beckon_plural_rules_keywords(void *rules, char *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *keywords = uplrules_getKeywords((const UPluralRules *)rules, &status);
    if (U_FAILURE(status)) return -1;
    int32_t written = 0;
    int32_t length = 0;
    const char *keyword;
    while ((keyword = uenum_next(keywords, &length, &status)) != NULL && !U_FAILURE(status)) {
        if (written + length + 2 > capacity) break;
        if (written > 0) buffer[written++] = ' ';
        memcpy(buffer + written, keyword, (size_t)length);
        written += length;
    }
    uenum_close(keywords);
    buffer[written] = '\0';
    return U_FAILURE(status) ? -1 : written;
}

int32_t beckon_words(const uint16_t *text, int32_t length, const char *locale, int32_t *starts, int32_t *ends,
                     int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    int32_t start = ubrk_first(iterator);
    for (int32_t end = ubrk_next(iterator); end != UBRK_DONE; start = end, end = ubrk_next(iterator)) {
        // Rule status below UBRK_WORD_NONE_LIMIT marks spaces and punctuation.
        if (ubrk_getRuleStatus(iterator) < UBRK_WORD_NONE_LIMIT) continue;
        if (count < capacity) {
            starts[count] = start;
            ends[count] = end;
        }
        count++;
    }
    ubrk_close(iterator);
    return count;
}

int32_t beckon_relative_time(const char *locale, double offset, int unit, int narrow, uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    URelativeDateTimeFormatter *formatter = ureldatefmt_open(
        locale, NULL, narrow ? UDAT_STYLE_NARROW : UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_NONE, &status);
    if (U_FAILURE(status)) return -1;
    int32_t length = ureldatefmt_formatNumeric(formatter, offset, (URelativeDateTimeUnit)unit, (UChar *)out, capacity,
                                               &status);
    ureldatefmt_close(formatter);
    return U_FAILURE(status) ? -1 : length;
}

/* Each thread keeps its last line break iterator and the locale it was opened for: opening one
   (rules, and for Japanese the phrase dictionary) costs far more than breaking a sentence, and
   emails and pages ask for one text run at a time. The iterator is closed when its thread ends,
   and holds no text between calls. */
struct cached_line_iterator {
    UBreakIterator *iterator;
    char locale[64];
};

static pthread_key_t cached_line_key;
static pthread_once_t cached_line_once = PTHREAD_ONCE_INIT;

static void close_cached_line_iterator(void *value) {
    struct cached_line_iterator *cached = value;
    if (cached->iterator != NULL) ubrk_close(cached->iterator);
    free(cached);
}

static void make_cached_line_key(void) { pthread_key_create(&cached_line_key, close_cached_line_iterator); }

int32_t beckon_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *offsets,
                           int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    pthread_once(&cached_line_once, make_cached_line_key);
    struct cached_line_iterator *cached = pthread_getspecific(cached_line_key);
    if (cached == NULL && (cached = calloc(1, sizeof *cached)) != NULL) pthread_setspecific(cached_line_key, cached);
    int cacheable = cached != NULL && strlen(locale) < sizeof cached->locale;
    UBreakIterator *iterator = NULL;
    if (cacheable && cached->iterator != NULL && strcmp(cached->locale, locale) == 0) {
        iterator = cached->iterator;
        ubrk_setText(iterator, (const UChar *)text, length, &status);
    } else {
        iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    }
    if (U_FAILURE(status)) {
        if (iterator != NULL && (cached == NULL || iterator != cached->iterator)) ubrk_close(iterator);
        return -1;
    }
    int32_t count = 0;
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE && offset < length; offset = ubrk_next(iterator)) {
        if (count < capacity) offsets[count] = offset;
        count++;
    }
    if (!cacheable) {
        ubrk_close(iterator);
        return count;
    }
    if (iterator != cached->iterator) {
        if (cached->iterator != NULL) ubrk_close(cached->iterator);
        cached->iterator = iterator;
        strcpy(cached->locale, locale);
    }
    /* The text was the caller's, and may hold a name: the iterator lets go of it. */
    static const UChar empty[1] = {0};
    UErrorCode reset = U_ZERO_ERROR;
    ubrk_setText(iterator, empty, 0, &reset);
    return count;
}
