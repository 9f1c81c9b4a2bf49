// ICU renames every C entry point with its version (ubrk_open -> ubrk_open_72), through macros
// Swift cannot import. These inline wrappers give Beckon stable names on any ICU version.
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>
#include <unicode/uenum.h>
#include <unicode/ustring.h>

static inline UBreakIterator *beckon_ubrk_open(UBreakIteratorType type, const char *locale,
                                               const UChar *text, int32_t length,
                                               UErrorCode *status) {
    return ubrk_open(type, locale, text, length, status);
}
static inline void beckon_ubrk_close(UBreakIterator *iterator) { ubrk_close(iterator); }
static inline int32_t beckon_ubrk_first(UBreakIterator *iterator) { return ubrk_first(iterator); }
static inline int32_t beckon_ubrk_next(UBreakIterator *iterator) { return ubrk_next(iterator); }
static inline int32_t beckon_ubrk_getRuleStatus(UBreakIterator *iterator) {
    return ubrk_getRuleStatus(iterator);
}

static inline UPluralRules *beckon_uplrules_open(const char *locale, UErrorCode *status) {
    return uplrules_open(locale, status);
}
static inline void beckon_uplrules_close(UPluralRules *rules) { uplrules_close(rules); }
static inline int32_t beckon_uplrules_select(const UPluralRules *rules, double number,
                                             UChar *keyword, int32_t capacity,
                                             UErrorCode *status) {
    return uplrules_select(rules, number, keyword, capacity, status);
}
static inline UEnumeration *beckon_uplrules_getKeywords(const UPluralRules *rules,
                                                        UErrorCode *status) {
    return uplrules_getKeywords(rules, status);
}
static inline const char *beckon_uenum_next(UEnumeration *enumeration, int32_t *length,
                                            UErrorCode *status) {
    return uenum_next(enumeration, length, status);
}
static inline void beckon_uenum_close(UEnumeration *enumeration) { uenum_close(enumeration); }
static inline int beckon_u_failure(UErrorCode code) { return U_FAILURE(code); }
