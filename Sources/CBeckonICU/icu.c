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

/* Each thread keeps its last word and its last line break iterator, with the locale each was
   opened for: opening one (its rules, and for Japanese the phrase dictionary) costs far more than
   breaking a sentence, takes a lock every thread shares, and pages, emails and the review page ask
   for one short text at a time. The iterators are closed when their thread ends, and hold no text
   between calls. */
struct cached_iterator {
    UBreakIterator *iterator;
    char locale[64];
};

/* One per kind of break: UBRK_WORD and UBRK_LINE. */
struct cached_iterators {
    struct cached_iterator word;
    struct cached_iterator line;
};

static pthread_key_t cached_key;
static pthread_once_t cached_once = PTHREAD_ONCE_INIT;

static void close_cached_iterators(void *value) {
    struct cached_iterators *cached = value;
    if (cached->word.iterator != NULL) ubrk_close(cached->word.iterator);
    if (cached->line.iterator != NULL) ubrk_close(cached->line.iterator);
    free(cached);
}

static void make_cached_key(void) { pthread_key_create(&cached_key, close_cached_iterators); }

/* This thread's slot for a kind of break, or NULL when it cannot be kept. */
static struct cached_iterator *cached_slot(UBreakIteratorType type) {
    pthread_once(&cached_once, make_cached_key);
    struct cached_iterators *cached = pthread_getspecific(cached_key);
    if (cached == NULL && (cached = calloc(1, sizeof *cached)) != NULL) pthread_setspecific(cached_key, cached);
    if (cached == NULL) return NULL;
    return type == UBRK_WORD ? &cached->word : &cached->line;
}

/* An iterator of `type` for `locale` over `text`: this thread's kept one when it was opened for
   the locale, else a new one. NULL on failure. */
static UBreakIterator *open_iterator(UBreakIteratorType type, struct cached_iterator *slot, const char *locale,
                                     const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    if (slot != NULL && slot->iterator != NULL && strcmp(slot->locale, locale) == 0) {
        ubrk_setText(slot->iterator, (const UChar *)text, length, &status);
        return U_FAILURE(status) ? NULL : slot->iterator;
    }
    UBreakIterator *iterator = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        if (iterator != NULL) ubrk_close(iterator);
        return NULL;
    }
    return iterator;
}

/* Keeps `iterator` in `slot` when the locale's name fits (closing the one it replaces), or closes
   it. A kept iterator lets go of the caller's text, which may hold a name. */
static void release_iterator(UBreakIterator *iterator, struct cached_iterator *slot, const char *locale) {
    if (slot == NULL || strlen(locale) >= sizeof slot->locale) {
        ubrk_close(iterator);
        return;
    }
    if (iterator != slot->iterator) {
        if (slot->iterator != NULL) ubrk_close(slot->iterator);
        slot->iterator = iterator;
        strcpy(slot->locale, locale);
    }
    static const UChar empty[1] = {0};
    UErrorCode reset = U_ZERO_ERROR;
    ubrk_setText(iterator, empty, 0, &reset);
}

int32_t beckon_words(const uint16_t *text, int32_t length, const char *locale, int32_t *starts, int32_t *ends,
                     int32_t capacity) {
    struct cached_iterator *slot = cached_slot(UBRK_WORD);
    UBreakIterator *iterator = open_iterator(UBRK_WORD, slot, locale, text, length);
    if (iterator == NULL) return -1;
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
    release_iterator(iterator, slot, locale);
    return count;
}

int32_t beckon_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *offsets,
                           int32_t capacity) {
    struct cached_iterator *slot = cached_slot(UBRK_LINE);
    UBreakIterator *iterator = open_iterator(UBRK_LINE, slot, locale, text, length);
    if (iterator == NULL) return -1;
    int32_t count = 0;
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE && offset < length; offset = ubrk_next(iterator)) {
        if (count < capacity) offsets[count] = offset;
        count++;
    }
    release_iterator(iterator, slot, locale);
    return count;
}
