/* ts_parse_internal: what ts_parse.c (expressions) and ts_decl.c (statements and
 * declarations) share. */
#ifndef SONDE_JS_TS_PARSE_INTERNAL_H
#define SONDE_JS_TS_PARSE_INTERNAL_H

#include "js/ts_internal.h"

typedef TS_VEC(ts_name_t) ts_props_t;

bool ts_enter(ts_parser_t *p);
void ts_fail_here(ts_parser_t *p);
void ts_fail_decorator(ts_parser_t *p);
bool ts_is_reserved(const ts_parser_t *p, const ts_tok_t *t);
bool ts_starts_key(const ts_parser_t *p, const ts_tok_t *t);
void ts_semicolon(ts_parser_t *p);
void ts_parse_binding(ts_parser_t *p);
void ts_parse_params(ts_parser_t *p, ts_props_t *props);
void ts_parse_template(ts_parser_t *p);
unsigned ts_parse_postfix(ts_parser_t *p, bool calls);

/* `function` (or `async function`) from its first token; `start` is where the statement
 * began (an `export` before it), blanked with it when this is an overload. */
bool ts_parse_function(ts_parser_t *p, size_t start, bool is_decl); /* false: no body */
/* From a function's type parameters or '(' to the end of its body (or of an overload
 * signature, blanked from `start`). `props` collects a constructor's parameter properties;
 * `derived`: its class extends another. Returns false when there was no body. */
bool ts_parse_function_rest(ts_parser_t *p, ts_props_t *props, bool derived, size_t start);
void ts_parse_function_body(ts_parser_t *p, ts_props_t *props, bool derived);
void ts_parse_class(ts_parser_t *p, bool is_decl); /* from `class` */
void ts_parse_var(ts_parser_t *p, unsigned flags);
/* These return true when the statement is type-only (emits nothing). */
bool ts_parse_import(ts_parser_t *p, size_t start);
bool ts_parse_export(ts_parser_t *p, size_t start);
void ts_parse_heritage(ts_parser_t *p);
/* Names a type-only declaration (interface, type alias) declares. */
void ts_note_type_name(ts_parser_t *p, ts_tok_t name);
void ts_note_decl(ts_parser_t *p, ts_tok_t name);
bool ts_declared_here(const ts_parser_t *p, ts_name_t name);

#endif
