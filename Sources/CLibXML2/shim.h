// libxml2 is built with ICU on Debian; its headers would then pull ICU's C types into this module,
// where they clash with the copy of ICU inside Foundation. Beckon needs none of libxml2's ICU API.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function pointer, which Swift 6 rejects as shared mutable state.
static inline void beckon_xmlFree(void *pointer) { xmlFree(pointer); }
