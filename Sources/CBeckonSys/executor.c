#include "CBeckonSys.h"

// The Swift runtime's hook for jobs enqueued on the global executor (swift/Runtime/Concurrency.h).
// Only its address is taken here: as a C object, it links against the runtime whether the runtime
// is a shared library or linked into the executable (where it is not in the dynamic symbol table,
// so `dlsym` does not find it).
extern void *swift_task_enqueueGlobal_hook;

int beckon_install_enqueue_global_hook(void *hook) {
    void *expected = NULL;
    return __atomic_compare_exchange_n(
               &swift_task_enqueueGlobal_hook, &expected, hook, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
        ? 0
        : -1;
}
