/* assert: see assert.h. (Being built: the assertion APIs arrive with issue 5.) */
#include "assert/assert.h"

void assert_register_builtins(js_runtime_t *rt) {
  (void)rt;
}

void assert_install_globals(js_realm_t *realm) {
  (void)realm;
}

void assert_export(js_realm_t *realm, JSObjectRef exports) {
  (void)realm;
  (void)exports;
}
