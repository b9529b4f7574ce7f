/* test_js_web: conformance of sonde's web globals with Node 20. Each case is the body of an async
 * function run in a fresh sonde realm (test_js_harness.h); the expected strings are what
 * `node` v20 returned for the same body (generated once and pasted: CI may have no node).
 * Cases whose only difference is an engine's error wording, or a documented gap, are left
 * out. */
#include "test_js_harness.h"

/* URL parsing and setters, URLSearchParams */
static const js_case_t url_cases[] = {
    {"try { const u = new URL('http://a/^'); return [u.href,u.origin,u.protocol,u.username,u"
     ".password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) {"
     " return 'ERR ' + e.code }",
     "http://a/^|http://a|http:|||a|a||/^||"},
    {"try { const u = new URL('http://a/b c?d e#f g'); return [u.href,u.origin,u.protocol,u."
     "username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } c"
     "atch (e) { return 'ERR ' + e.code }",
     "http://a/b%20c?d%20e#f%20g|http://a|http:|||a|a||/b%20c|?d%20e|#f%20g"},
    {"try { const u = new URL('HTTP://EXAMPLE.com:80/./a/../b/%2e/c'); return [u.href,u.orig"
     "in,u.protocol,u.username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.has"
     "h].join('|') } catch (e) { return 'ERR ' + e.code }",
     "http://example.com/b/c|http://example.com|http:|||example.com|example.com||/b/c||"},
    {"try { const u = new URL('http://0x7f.1/'); return [u.href,u.origin,u.protocol,u.userna"
     "me,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch ("
     "e) { return 'ERR ' + e.code }",
     "http://127.0.0.1/|http://127.0.0.1|http:|||127.0.0.1|127.0.0.1||/||"},
    {"try { const u = new URL('http://[::1]:8080/'); return [u.href,u.origin,u.protocol,u.us"
     "ername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } cat"
     "ch (e) { return 'ERR ' + e.code }",
     "http://[::1]:8080/|http://[::1]:8080|http:|||[::1]:8080|[::1]|8080|/||"},
    {"try { const u = new URL('http://[1:0:0:0:0:0:0:1]/'); return [u.href,u.origin,u.protoc"
     "ol,u.username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|'"
     ") } catch (e) { return 'ERR ' + e.code }",
     "http://[1::1]/|http://[1::1]|http:|||[1::1]|[1::1]||/||"},
    {"try { const u = new URL('file:///C:/x/../y'); return [u.href,u.origin,u.protocol,u.use"
     "rname,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catc"
     "h (e) { return 'ERR ' + e.code }",
     "file:///C:/y|null|file:||||||/C:/y||"},
    {"try { const u = new URL('mailto:Joe@Ex.com'); return [u.href,u.origin,u.protocol,u.use"
     "rname,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catc"
     "h (e) { return 'ERR ' + e.code }",
     "mailto:Joe@Ex.com|null|mailto:||||||Joe@Ex.com||"},
    {"try { const u = new URL('sc://ñ.com/a b'); return [u.href,u.origin,u.protocol,u.userna"
     "me,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch ("
     "e) { return 'ERR ' + e.code }",
     "sc://%C3%B1.com/a%20b|null|sc:|||%C3%B1.com|%C3%B1.com||/a%20b||"},
    {"try { const u = new URL('http://ñ.com/'); return [u.href,u.origin,u.protocol,u.usernam"
     "e,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e"
     ") { return 'ERR ' + e.code }",
     "http://xn--ida.com/|http://xn--ida.com|http:|||xn--ida.com|xn--ida.com||/||"},
    {"try { const u = new URL('http://user:p@ss@h/'); return [u.href,u.origin,u.protocol,u.u"
     "sername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } ca"
     "tch (e) { return 'ERR ' + e.code }",
     "http://user:p%40ss@h/|http://h|http:|user|p%40ss|h|h||/||"},
    {"try { const u = new URL('http://a:65536/'); return [u.href,u.origin,u.protocol,u.usern"
     "ame,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch "
     "(e) { return 'ERR ' + e.code }",
     "ERR ERR_INVALID_URL"},
    {"try { const u = new URL('non-spec:/.//p'); return [u.href,u.origin,u.protocol,u.userna"
     "me,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch ("
     "e) { return 'ERR ' + e.code }",
     "non-spec:/.//p|null|non-spec:||||||//p||"},
    {"try { const u = new URL(' \\thttp://a\\n/b '); return [u.href,u.origin,u.protocol,u.us"
     "ername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } cat"
     "ch (e) { return 'ERR ' + e.code }",
     "http://a/b|http://a|http:|||a|a||/b||"},
    {"try { const u = new URL('http://1.2.3.4.5/'); return [u.href,u.origin,u.protocol,u.use"
     "rname,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catc"
     "h (e) { return 'ERR ' + e.code }",
     "ERR ERR_INVALID_URL"},
    {"try { const u = new URL('http://%41.com/'); return [u.href,u.origin,u.protocol,u.usern"
     "ame,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch "
     "(e) { return 'ERR ' + e.code }",
     "http://a.com/|http://a.com|http:|||a.com|a.com||/||"},
    {"try { const u = new URL('http://a.b/%zz'); return [u.href,u.origin,u.protocol,u.userna"
     "me,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch ("
     "e) { return 'ERR ' + e.code }",
     "http://a.b/%zz|http://a.b|http:|||a.b|a.b||/%zz||"},
    {"try { const u = new URL('javascript:alert(1)'); return [u.href,u.origin,u.protocol,u.u"
     "sername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } ca"
     "tch (e) { return 'ERR ' + e.code }",
     "javascript:alert(1)|null|javascript:||||||alert(1)||"},
    {"try { const u = new URL('http://[::ffff:1.2.3.4]/'); return [u.href,u.origin,u.protoco"
     "l,u.username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|')"
     " } catch (e) { return 'ERR ' + e.code }",
     "http://[::ffff:102:304]/|http://[::ffff:102:304]|http:|||[::ffff:102:304]|[::ffff:102:"
     "304]||/||"},
    {"try { const u = new URL('blob:https://a.com/uuid'); return [u.href,u.origin,u.protocol"
     ",u.username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') "
     "} catch (e) { return 'ERR ' + e.code }",
     "blob:https://a.com/uuid|https://a.com|blob:||||||https://a.com/uuid||"},
    {"try { const u = new URL('http://a/{}|`'); return [u.href,u.origin,u.protocol,u.usernam"
     "e,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e"
     ") { return 'ERR ' + e.code }",
     "http://a/%7B%7D|%60|http://a|http:|||a|a||/%7B%7D|%60||"},
    {"try { const u = new URL(\"http://a/?'`{}\"); return [u.href,u.origin,u.protocol,u.user"
     "name,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch"
     " (e) { return 'ERR ' + e.code }",
     "http://a/?%27`{}|http://a|http:|||a|a||/|?%27`{}|"},
    {"try { const u = new URL(\"x://a/?'\"); return [u.href,u.origin,u.protocol,u.username,u"
     ".password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) {"
     " return 'ERR ' + e.code }",
     "x://a/?'|null|x:|||a|a||/|?'|"},
    {"try { const u = new URL('http://a/#`{}'); return [u.href,u.origin,u.protocol,u.usernam"
     "e,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e"
     ") { return 'ERR ' + e.code }",
     "http://a/#%60{}|http://a|http:|||a|a||/||#%60{}"},
    {"try { const u = new URL('http://a@b/'); return [u.href,u.origin,u.protocol,u.username,"
     "u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) "
     "{ return 'ERR ' + e.code }",
     "http://a@b/|http://b|http:|a||b|b||/||"},
    {"try { const u = new URL('http://:@b/'); return [u.href,u.origin,u.protocol,u.username,"
     "u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) "
     "{ return 'ERR ' + e.code }",
     "http://b/|http://b|http:|||b|b||/||"},
    {"try { const u = new URL('http://a/%2e%2E/x'); return [u.href,u.origin,u.protocol,u.use"
     "rname,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catc"
     "h (e) { return 'ERR ' + e.code }",
     "http://a/x|http://a|http:|||a|a||/x||"},
    {"try { const u = new URL('http://a/b/%2e'); return [u.href,u.origin,u.protocol,u.userna"
     "me,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch ("
     "e) { return 'ERR ' + e.code }",
     "http://a/b/|http://a|http:|||a|a||/b/||"},
    {"try { const u = new URL('sc:/a/../../b'); return [u.href,u.origin,u.protocol,u.usernam"
     "e,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e"
     ") { return 'ERR ' + e.code }",
     "sc:/b|null|sc:||||||/b||"},
    {"try { const u = new URL('sc:a b c'); return [u.href,u.origin,u.protocol,u.username,u.p"
     "assword,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) { r"
     "eturn 'ERR ' + e.code }",
     "sc:a b c|null|sc:||||||a b c||"},
    {"try { const u = new URL('http://[::]/'); return [u.href,u.origin,u.protocol,u.username"
     ",u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e)"
     " { return 'ERR ' + e.code }",
     "http://[::]/|http://[::]|http:|||[::]|[::]||/||"},
    {"try { const u = new URL('http://[0:0:1:0:0:0:0:0]/'); return [u.href,u.origin,u.protoc"
     "ol,u.username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|'"
     ") } catch (e) { return 'ERR ' + e.code }",
     "http://[0:0:1::]/|http://[0:0:1::]|http:|||[0:0:1::]|[0:0:1::]||/||"},
    {"try { const u = new URL('http://a.com./'); return [u.href,u.origin,u.protocol,u.userna"
     "me,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch ("
     "e) { return 'ERR ' + e.code }",
     "http://a.com./|http://a.com.|http:|||a.com.|a.com.||/||"},
    {"try { const u = new URL('http://A%2Ecom/'); return [u.href,u.origin,u.protocol,u.usern"
     "ame,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch "
     "(e) { return 'ERR ' + e.code }",
     "http://a.com/|http://a.com|http:|||a.com|a.com||/||"},
    {"try { const u = new URL('http://ex ample.com/'); return [u.href,u.origin,u.protocol,u."
     "username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } c"
     "atch (e) { return 'ERR ' + e.code }",
     "ERR ERR_INVALID_URL"},
    {"try { const u = new URL('http://a/\\\\b\\\\c'); return [u.href,u.origin,u.protocol,u.u"
     "sername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } ca"
     "tch (e) { return 'ERR ' + e.code }",
     "http://a//b/c|http://a|http:|||a|a||//b/c||"},
    {"try { const u = new URL('file://localhost/x'); return [u.href,u.origin,u.protocol,u.us"
     "ername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } cat"
     "ch (e) { return 'ERR ' + e.code }",
     "file:///x|null|file:||||||/x||"},
    {"try { const u = new URL('file://HOST/x'); return [u.href,u.origin,u.protocol,u.usernam"
     "e,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e"
     ") { return 'ERR ' + e.code }",
     "file://host/x|null|file:|||host|host||/x||"},
    {"try { const u = new URL('sc://@/'); return [u.href,u.origin,u.protocol,u.username,u.pa"
     "ssword,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) { re"
     "turn 'ERR ' + e.code }",
     "ERR ERR_INVALID_URL"},
    {"try { const u = new URL('http://1.2.3/'); return [u.href,u.origin,u.protocol,u.usernam"
     "e,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e"
     ") { return 'ERR ' + e.code }",
     "http://1.2.0.3/|http://1.2.0.3|http:|||1.2.0.3|1.2.0.3||/||"},
    {"try { const u = new URL('http://999999999/'); return [u.href,u.origin,u.protocol,u.use"
     "rname,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catc"
     "h (e) { return 'ERR ' + e.code }",
     "http://59.154.201.255/|http://59.154.201.255|http:|||59.154.201.255|59.154.201.255||/||"},
    {"try { const u = new URL('http://4294967296/'); return [u.href,u.origin,u.protocol,u.us"
     "ername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } cat"
     "ch (e) { return 'ERR ' + e.code }",
     "ERR ERR_INVALID_URL"},
    {"try { const u = new URL('http://0300.0250.0.1/'); return [u.href,u.origin,u.protocol,u"
     ".username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } "
     "catch (e) { return 'ERR ' + e.code }",
     "http://192.168.0.1/|http://192.168.0.1|http:|||192.168.0.1|192.168.0.1||/||"},
    {"try { const u = new URL('http://09.1/'); return [u.href,u.origin,u.protocol,u.username"
     ",u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e)"
     " { return 'ERR ' + e.code }",
     "ERR ERR_INVALID_URL"},
    {"try { const u = new URL('https://x.com:443/a?b#c'); return [u.href,u.origin,u.protocol"
     ",u.username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') "
     "} catch (e) { return 'ERR ' + e.code }",
     "https://x.com/a?b#c|https://x.com|https:|||x.com|x.com||/a|?b|#c"},
    {"try { const u = new URL('ws://h:80/'); return [u.href,u.origin,u.protocol,u.username,u"
     ".password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) {"
     " return 'ERR ' + e.code }",
     "ws://h/|ws://h|ws:|||h|h||/||"},
    {"try { const u = new URL('http://h:/'); return [u.href,u.origin,u.protocol,u.username,u"
     ".password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) {"
     " return 'ERR ' + e.code }",
     "http://h/|http://h|http:|||h|h||/||"},
    {"try { const u = new URL('http://example.com/path?q=a%20b&r=ü'); return [u.href,u.origi"
     "n,u.protocol,u.username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash"
     "].join('|') } catch (e) { return 'ERR ' + e.code }",
     "http://example.com/path?q=a%20b&r=%C3%BC|http://example.com|http:|||example.com|exampl"
     "e.com||/path|?q=a%20b&r=%C3%BC|"},
    {"try { const u = new URL('https://münchen.de/'); return [u.href,u.origin,u.protocol,u.u"
     "sername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } ca"
     "tch (e) { return 'ERR ' + e.code }",
     "https://xn--mnchen-3ya.de/|https://xn--mnchen-3ya.de|https:|||xn--mnchen-3ya.de|xn--mn"
     "chen-3ya.de||/||"},
    {"try { const u = new URL('http://[::1.2.3.4]/'); return [u.href,u.origin,u.protocol,u.u"
     "sername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } ca"
     "tch (e) { return 'ERR ' + e.code }",
     "http://[::102:304]/|http://[::102:304]|http:|||[::102:304]|[::102:304]||/||"},
    {"try { const u = new URL('http://[1:2:3:4:5:6:7:8]/'); return [u.href,u.origin,u.protoc"
     "ol,u.username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|'"
     ") } catch (e) { return 'ERR ' + e.code }",
     "http://[1:2:3:4:5:6:7:8]/|http://[1:2:3:4:5:6:7:8]|http:|||[1:2:3:4:5:6:7:8]|[1:2:3:4:"
     "5:6:7:8]||/||"},
    {"try { const u = new URL('http://[1::]/'); return [u.href,u.origin,u.protocol,u.usernam"
     "e,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e"
     ") { return 'ERR ' + e.code }",
     "http://[1::]/|http://[1::]|http:|||[1::]|[1::]||/||"},
    {"try { const u = new URL('file:c:/x'); return [u.href,u.origin,u.protocol,u.username,u."
     "password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) { "
     "return 'ERR ' + e.code }",
     "file:///c:/x|null|file:||||||/c:/x||"},
    {"try { const u = new URL('file://C:/'); return [u.href,u.origin,u.protocol,u.username,u"
     ".password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) {"
     " return 'ERR ' + e.code }",
     "file:///C:/|null|file:||||||/C:/||"},
    {"try { const u = new URL('about:blank'); return [u.href,u.origin,u.protocol,u.username,"
     "u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) "
     "{ return 'ERR ' + e.code }",
     "about:blank|null|about:||||||blank||"},
    {"try { const u = new URL('data:text/plain,hi there'); return [u.href,u.origin,u.protoco"
     "l,u.username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|')"
     " } catch (e) { return 'ERR ' + e.code }",
     "data:text/plain,hi there|null|data:||||||text/plain,hi there||"},
    {"try { const u = new URL('http://a/./b/../../c'); return [u.href,u.origin,u.protocol,u."
     "username,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } c"
     "atch (e) { return 'ERR ' + e.code }",
     "http://a/c|http://a|http:|||a|a||/c||"},
    {"try { const u = new URL('https://a.com?x'); return [u.href,u.origin,u.protocol,u.usern"
     "ame,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch "
     "(e) { return 'ERR ' + e.code }",
     "https://a.com/?x|https://a.com|https:|||a.com|a.com||/|?x|"},
    {"try { const u = new URL('https://user@a.com'); return [u.href,u.origin,u.protocol,u.us"
     "ername,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } cat"
     "ch (e) { return 'ERR ' + e.code }",
     "https://user@a.com/|https://a.com|https:|user||a.com|a.com||/||"},
    {"try { const u = new URL('http://a.com/%'); return [u.href,u.origin,u.protocol,u.userna"
     "me,u.password,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch ("
     "e) { return 'ERR ' + e.code }",
     "http://a.com/%|http://a.com|http:|||a.com|a.com||/%||"},
    {"try { const u = new URL('foo://'); return [u.href,u.origin,u.protocol,u.username,u.pas"
     "sword,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) { ret"
     "urn 'ERR ' + e.code }",
     "foo://|null|foo:||||||||"},
    {"try { const u = new URL('foo:///x'); return [u.href,u.origin,u.protocol,u.username,u.p"
     "assword,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) { r"
     "eturn 'ERR ' + e.code }",
     "foo:///x|null|foo:||||||/x||"},
    {"try { const u = new URL('http:/x'); return [u.href,u.origin,u.protocol,u.username,u.pa"
     "ssword,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) { re"
     "turn 'ERR ' + e.code }",
     "http://x/|http://x|http:|||x|x||/||"},
    {"try { const u = new URL('http:x'); return [u.href,u.origin,u.protocol,u.username,u.pas"
     "sword,u.host,u.hostname,u.port,u.pathname,u.search,u.hash].join('|') } catch (e) { ret"
     "urn 'ERR ' + e.code }",
     "http://x/|http://x|http:|||x|x||/||"},
    {"try { return new URL('//x/y', 'https://b/').href } catch (e) { return 'ERR ' + e.code }",
     "https://x/y"},
    {"try { return new URL('?q', 'http://a/b/c?z#f').href } catch (e) { return 'ERR ' + e.code }",
     "http://a/b/c?q"},
    {"try { return new URL('../../..', 'http://a/b/c/d').href } catch (e) { return 'ERR ' + "
     "e.code }",
     "http://a/"},
    {"try { return new URL('#h', 'http://a/b?c').href } catch (e) { return 'ERR ' + e.code }",
     "http://a/b?c#h"},
    {"try { return new URL('g;x?y#s', 'http://a/b/c/d;p?q').href } catch (e) { return 'ERR '"
     " + e.code }",
     "http://a/b/c/g;x?y#s"},
    {"try { return new URL('', 'http://a/b#c').href } catch (e) { return 'ERR ' + e.code }",
     "http://a/b"},
    {"try { return new URL('/x', 'file:///C:/y/z').href } catch (e) { return 'ERR ' + e.code }",
     "file:///C:/x"},
    {"try { return new URL('x', 'sc:opaque').href } catch (e) { return 'ERR ' + e.code }",
     "ERR ERR_INVALID_URL"},
    {"try { return new URL('#x', 'sc:opaque').href } catch (e) { return 'ERR ' + e.code }",
     "sc:opaque#x"},
    {"try { return new URL('..', 'file:///a/b/').href } catch (e) { return 'ERR ' + e.code }",
     "file:///a/"},
    {"try { return new URL('https:foo', 'https://a/b/c').href } catch (e) { return 'ERR ' + "
     "e.code }",
     "https://a/b/foo"},
    {"try { return new URL('http:foo', 'https://a/').href } catch (e) { return 'ERR ' + e.code }",
     "http://foo/"},
    {"const u=new URL('http://u:p@a.com:8080/p/q?x=1&y=2#h'); u.protocol='https'; u.port='44"
     "3'; u.hostname='B.com'; u.pathname='z w'; u.search='a=1 2'; u.hash='x y'; return u.hre"
     "f",
     "https://u:p@b.com/z%20w?a=1%202#x%20y"},
    {"const u=new URL('http://a.com/?x=1'); u.searchParams.append('q','a b&c'); const s1=u.h"
     "ref; u.search=''; return s1+' '+u.href+' '+[...u.searchParams].length",
     "http://a.com/?x=1&q=a+b%26c http://a.com/ 0"},
    {"const p=new URLSearchParams('?a=1&b=2+3&a=%zz&c'); const r=[p.getAll('a').join(','), p"
     ".get('b'), p.get('c'), p.toString(), p.size]; p.sort(); r.push(p.toString()); return r"
     ".join('|')",
     "1,%zz|2 3||a=1&b=2+3&a=%25zz&c=|4|a=1&a=%25zz&b=2+3&c="},
    {"return [new URLSearchParams({x:'1',y:['a','b']}).toString(), new URLSearchParams([['k'"
     ",'v'],['k','w']]).toString(), new URLSearchParams('é=ü&~*').toString()].join(' ')",
     "x=1&y=a%2Cb k=v&k=w %C3%A9=%C3%BC&%7E*="},
    {"const u = new URL('https://u:p@b.com/z%20w?a=1&b=2#x'); return require('util').inspect(u)",
     "URL {\n  href: 'https://u:p@b.com/z%20w?a=1&b=2#x',\n  origin: 'https://b.com',\n  pro"
     "tocol: 'https:',\n  username: 'u',\n  password: 'p',\n  host: 'b.com',\n  hostname: 'b"
     ".com',\n  port: '',\n  pathname: '/z%20w',\n  search: '?a=1&b=2',\n  searchParams: URL"
     "SearchParams { 'a' => '1', 'b' => '2' },\n  hash: '#x'\n}"},
    {"return require('util').inspect(new URLSearchParams('a=1&b=2'))",
     "URLSearchParams { 'a' => '1', 'b' => '2' }"},
    {"return [URL.canParse('x:'), URL.canParse('nope'), URL.canParse('/a', 'http://b')].join()",
     "true,false,true"},
    {"try{new URL('nope')}catch(e){return [e.name,e.code,e.message,e.input].join('|')}",
     "TypeError|ERR_INVALID_URL|Invalid URL|nope"},
    {"const u=new URL('http://a/'); u.protocol='ftp'; u.protocol='mailto'; u.port='99999'; u"
     ".port='12ab'; return u.href",
     "ftp://a:12/"},
    {"const u=new URL('http://a/'); u.host='b.com:81'; u.username='us er'; u.password='p:w';"
     " return u.href",
     "http://us%20er:p%3Aw@b.com:81/"},
    {"const u=new URL('file:///x'); u.username='a'; u.port='3'; u.host='h'; return u.href",
     "file://h/x"},
    {"const p = new URLSearchParams('a=1&b=2&a=3'); p.set('a','9'); p.delete('b'); p.append("
     "'c','x y'); const keys=[...p.keys()].join(); p.forEach((v,k)=>{}); return keys+' '+p+'"
     " '+p.has('a','9')+' '+p.has('a','1')",
     "a,c a=9&c=x+y true false"},
    {"const u = new URL('http://a/b?c=1'); const sp = u.searchParams; sp.set('c','2'); sp.ap"
     "pend('d','é'); return u.search + ' ' + u.href",
     "?c=2&d=%C3%A9 http://a/b?c=2&d=%C3%A9"},
    {"return JSON.stringify({u: new URL('http://a/b')})", "{\"u\":\"http://a/b\"}"},
    {"return String(new URL('http://a/b'))+Object.prototype.toString.call(new URL('http://a'"
     "))+Object.keys(new URL('http://x')).length",
     "http://a/b[object URL]0"},
    {"class My extends URL { x() { return this.host } }; return new My('http://q/').x()", "q"},
    {"const p = new URLSearchParams('z=1&a=2&b=3&a=1'); p.sort(); return p.toString()",
     "a=2&a=1&b=3&z=1"},
    {"const u = new URL('http://a/?x=1#f'); u.hash=''; u.search='?'; return u.href + '|' + u"
     ".search",
     "http://a/?|"},
    {"return new URL('http://a/p?q').searchParams.size + '|' + new URLSearchParams('a&b=').t"
     "oString()",
     "1|a=&b="},
    {"return encodeURIComponent(new URLSearchParams({q:'a+b c/d?e'}).toString())",
     "q%3Da%252Bb%2Bc%252Fd%253Fe"},
    /* domain to ASCII (UTS #46, non-transitional), each expectation as Node's URL gives it */
    {"const h = (u) => { try { return new URL(u).host } catch (e) { return 'ERR' } };"
     "return ['http://EXAMPLE.\uff43\uff4f\uff4d/', 'http://fa\u00df.de/', 'http://a.b\u3002c/',"
     " 'http://XN--IDA.com/', 'http://xn--a.com/', 'http://ab--c.com/', 'http://B\u00fccher.de/',"
     " 'http://a\u200db.com/'].map(h).join('|')",
     "example.com|xn--fa-hia.de|a.b.c|xn--ida.com|ERR|ab--c.com|xn--bcher-kva.de|ERR"},
};

/* TextEncoder/TextDecoder, atob/btoa, DOMException, Event(Target), AbortController/Signal, structuredClone, crypto, performance, queueMicrotask */
static const js_case_t web_cases[] = {
    {"return String(new TextEncoder().encode('hé€😀'))", "104,195,169,226,130,172,240,159,152,128"},
    {"return JSON.stringify(new TextEncoder().encodeInto('hé€', new Uint8Array(4)))",
     "{\"read\":2,\"written\":3}"},
    {"return new TextDecoder().decode(new Uint8Array([0xff, 0x41, 0xe2, 0x82, 0x41, 0xf0, 0x"
     "9f, 0x98, 0x80]))",
     "�A�A😀"},
    {"try { new TextDecoder('utf-8', {fatal: true}).decode(new Uint8Array([0xff])) } catch ("
     "e) { return e.name + ' ' + e.code + ' ' + e.message }",
     "TypeError ERR_ENCODING_INVALID_ENCODED_DATA The encoded data was not valid for encodin"
     "g utf-8"},
    {"try { new TextDecoder('nope') } catch (e) { return e.name + ' ' + e.code + ' ' + e.mes"
     "sage }",
     "RangeError ERR_ENCODING_NOT_SUPPORTED The \"nope\" encoding is not supported"},
    {"return new TextDecoder('utf-16le').decode(new Uint8Array([0x41, 0, 0x42, 0])) + new Te"
     "xtDecoder('latin1').encoding + new TextDecoder().decode(new Uint8Array([0xef, 0xbb, 0x"
     "bf, 0x41])).length + new TextDecoder('utf-8', {ignoreBOM: true}).decode(new Uint8Array"
     "([0xef, 0xbb, 0xbf, 0x41])).length",
     "ABwindows-125212"},
    {"const d = new TextDecoder(); return d.decode(new Uint8Array([0xe2, 0x82]), {stream: tr"
     "ue}) + d.decode(new Uint8Array([0xac]))",
     "€"},
    {"return new TextDecoder().decode() + '|' + new TextDecoder().decode(new ArrayBuffer(2))"
     ".length + '|' + new TextDecoder().decode(new DataView(new Uint8Array([104, 105]).buffe"
     "r))",
     "|2|hi"},
    {"return require('util').inspect(new TextDecoder()) + ' ' + new TextEncoder().encoding",
     "TextDecoder { encoding: 'utf-8', fatal: false, ignoreBOM: false } utf-8"},
    {"return atob(' aGk= ') + btoa('hi') + atob('aGk') + btoa('\\xff\\xfe')", "hiaGk=hi//4="},
    {"try { btoa('€') } catch (e) { return e.name + ' ' + e.code + ' ' + e.message + ' ' + ("
     "e instanceof DOMException) }",
     "InvalidCharacterError 5 Invalid character true"},
    {"try { atob('*') } catch (e) { return e.name + ' ' + e.code + ' ' + e.message }",
     "InvalidCharacterError 5 Invalid character"},
    {"const e = new DOMException('m', 'AbortError'); return [e.code, e.name, e.message, e in"
     "stanceof Error, Object.prototype.toString.call(e), String(e), DOMException.ABORT_ERR]."
     "join('|')",
     "20|AbortError|m|true|[object DOMException]|AbortError: m|20"},
    {"const t = new EventTarget(); const log = []; const h = (ev) => log.push(ev.type + ':' "
     "+ (ev.target === t)); t.addEventListener('x', h); t.addEventListener('x', h); t.addEve"
     "ntListener('y', { handleEvent: (ev) => log.push('obj') }, { once: true }); t.dispatchE"
     "vent(new Event('x')); t.dispatchEvent(new Event('y')); t.dispatchEvent(new Event('y'))"
     "; t.removeEventListener('x', h); t.dispatchEvent(new Event('x')); return log.join()",
     "x:true,obj"},
    {"const ev = new Event('e', { cancelable: true }); ev.preventDefault(); return [ev.type,"
     " ev.defaultPrevented, ev.cancelable, ev.bubbles, new CustomEvent('c', { detail: 5 }).d"
     "etail].join()",
     "e,true,true,false,5"},
    {"const c = new AbortController(); let fired = 0; c.signal.addEventListener('abort', () "
     "=> fired++); c.signal.onabort = () => fired++; c.abort(); c.abort(); return [c.signal."
     "aborted, fired, c.signal.reason.name, c.signal.reason.message].join()",
     "true,2,AbortError,This operation was aborted"},
    {"const c = new AbortController(); c.abort('why'); try { c.signal.throwIfAborted() } cat"
     "ch (e) { return e + ' ' + AbortSignal.abort().reason.name }",
     "why AbortError"},
    {"const s = AbortSignal.timeout(10); await new Promise((r) => setTimeout(r, 40)); return"
     " [s.aborted, s.reason.name, s.reason.message, s.reason.code].join('|')",
     "true|TimeoutError|The operation was aborted due to timeout|23"},
    {"const a = new AbortController(); const s = AbortSignal.any([a.signal, AbortSignal.time"
     "out(1000)]); a.abort('x'); return s.aborted + ' ' + s.reason",
     "true x"},
    {"try { new AbortSignal() } catch (e) { return e.name + ': ' + e.message }",
     "TypeError: Illegal constructor"},
    {"const u = require('util'); const c = new AbortController(); return u.inspect(c.signal)"
     " + ' ' + u.inspect(c) + ' ' + u.inspect(new EventTarget())",
     "AbortSignal { aborted: false } AbortController { signal: AbortSignal { aborted: false "
     "} } EventTarget {}"},
    {"return require('events').once(new EventTarget(), 'x') instanceof Promise", "true"},
    {"const o = { a: [1, { b: new Date(0) }], m: new Map([[1, new Set([2])]]), r: /x/gi, u: "
     "undefined, n: null, big: 10n }; o.self = o; const c = structuredClone(o); return [c !="
     "= o, c.self === c, c.a[1].b.getTime(), c.m.get(1).has(2), c.r.flags, 'u' in c, c.big]."
     "join()",
     "true,true,0,true,gi,true,10"},
    {"const r = []; for (const v of [() => 1, Symbol('x'), new WeakMap(), Promise.resolve()]"
     ") { try { structuredClone(v) } catch (e) { r.push(e.name + ': ' + e.message) } } retur"
     "n r.join('|')",
     "DataCloneError: () => 1 could not be cloned.|DataCloneError: Symbol(x) could not be cl"
     "oned.|DataCloneError: #<WeakMap> could not be cloned.|DataCloneError: #<Promise> could"
     " not be cloned."},
    {"const e = structuredClone(new TypeError('boom', { cause: 1 })); return [e instanceof T"
     "ypeError, e.message, e.cause, Object.keys(e).length].join()",
     "true,boom,1,0"},
    {"const b = new Uint8Array([1, 2, 3]); const c = structuredClone(b); c[0] = 9; return [b"
     "[0], c[0], c instanceof Uint8Array, JSON.stringify(structuredClone(new (class A { x = "
     "1 })()))].join()",
     "1,9,true,{\"x\":1}"},
    {"try { structuredClone() } catch (e) { return e.name + ' ' + e.code }",
     "TypeError ERR_MISSING_ARGS"},
    {"return /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(cr"
     "ypto.randomUUID()) + ' ' + crypto.getRandomValues(new Uint32Array(4)).length",
     "true 4"},
    {"try { crypto.getRandomValues(new Float32Array(2)) } catch (e) { return e.name + ': ' +"
     " e.message }",
     "TypeMismatchError: The data argument must be an integer-type TypedArray"},
    {"try { crypto.getRandomValues(new Uint8Array(70000)) } catch (e) { return e.name + ': '"
     " + e.message }",
     "QuotaExceededError: The requested length exceeds 65,536 bytes"},
    {"const enc = new TextEncoder().encode('abc'); const r = []; for (const a of ['SHA-1', '"
     "SHA-256', 'SHA-384', 'SHA-512']) r.push(Buffer.from(await crypto.subtle.digest(a, enc)"
     ").toString('hex')); return r.join('|')",
     "a9993e364706816aba3e25717850c26c9cd0d89d|ba7816bf8f01cfea414140de5dae2223b00361a396177"
     "a9cb410ff61f20015ad|cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed80"
     "86072ba1e7cc2358baeca134c825a7|ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee"
     "64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {"try { await crypto.subtle.digest('MD5', new Uint8Array(1)) } catch (e) { return e.name"
     " + ' ' + e.message }",
     "NotSupportedError Unrecognized algorithm name"},
    {"const k = await crypto.subtle.importKey('raw', new TextEncoder().encode('secret'), { n"
     "ame: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']); const s = await crypto.sub"
     "tle.sign('HMAC', k, new TextEncoder().encode('data')); return Buffer.from(s).toString("
     "'base64') + ' ' + await crypto.subtle.verify('HMAC', k, s, new TextEncoder().encode('d"
     "ata')) + ' ' + k.algorithm.hash.name + ' ' + k.type",
     "GywWt1vSqHDBFBU8zaW8/KYzFLxyL6Fg1pDeEzzLuds= true SHA-256 secret"},
    {"const t0 = performance.now(); await new Promise((r) => setTimeout(r, 20)); const d = p"
     "erformance.now() - t0; return (d >= 15 && d < 1000) + ' ' + (Math.abs(performance.time"
     "Origin + performance.now() - Date.now()) < 1000) + ' ' + typeof performance.toJSON().t"
     "imeOrigin",
     "true true number"},
    {"performance.mark('a'); performance.mark('b'); const m = performance.measure('ab', 'a',"
     " 'b'); return [m.name, m.entryType, m.duration >= 0, performance.getEntriesByType('mar"
     "k').length, performance.getEntriesByName('ab').length].join()",
     "ab,measure,true,2,1"},
    {"const order = []; queueMicrotask(() => order.push('micro')); Promise.resolve().then(()"
     " => order.push('promise')); order.push('sync'); await null; await null; return order.j"
     "oin()",
     "sync,micro,promise"},
    {"try { queueMicrotask(1) } catch (e) { return e.name + ' ' + e.code }",
     "TypeError ERR_INVALID_ARG_TYPE"},
    {"return ['URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'atob', 'btoa', 'Abort"
     "Controller', 'AbortSignal', 'structuredClone', 'crypto', 'performance', 'queueMicrotas"
     "k', 'Headers', 'Request', 'Response', 'FormData', 'Blob', 'File', 'Buffer', 'process',"
     " 'Event', 'EventTarget', 'DOMException'].filter((n) => typeof globalThis[n] === 'undef"
     "ined').join()",
     ""},
    {"globalThis.URL = 5; return URL + ' ' + typeof Headers", "5 function"},
};

/* Headers, Request, Response, FormData, Blob, File (the network side is an e2e case) */
static const js_case_t fetch_cases[] = {
    {"const h=new Headers({'Content-Type':'a', 'X-B':'1'}); h.append('x-b','2'); h.append('S"
     "et-Cookie','a=1'); h.append('set-cookie','b=2'); return JSON.stringify([...h]) + h.get"
     "('X-B') + h.getSetCookie() + h.get('set-cookie') + h.has('content-type')",
     "[[\"content-type\",\"a\"],[\"set-cookie\",\"a=1\"],[\"set-cookie\",\"b=2\"],[\"x-b\","
     "\"1, 2\"]]1, 2a=1,b=2a=1, b=2true"},
    {"const h=new Headers({'Content-Type':'a', 'X-B':'1'}); h.append('x-b','2'); h.append('S"
     "et-Cookie','a=1'); h.append('set-cookie','b=2'); return require('util').inspect(h)",
     "Headers { 'Content-Type': 'a', 'X-B': '1, 2', 'Set-Cookie': 'a=1, b=2' }"},
    {"const h = new Headers(); try{h.append('a b','x')}catch(e){return e.name+' '+e.message}",
     "TypeError Headers.append: \"a b\" is an invalid header name."},
    {"const h = new Headers(); try{h.append('a','x\\ny')}catch(e){return e.name+' '+e.message}",
     "TypeError Headers.append: \"x\ny\" is an invalid header value."},
    {"const h=new Headers(); h.set('X-C','  v  '); return JSON.stringify(h.get('x-c')) + JSO"
     "N.stringify(h.get('nope')) + new Headers([['a','1'],['b','2']]).get('b') + [...new Hea"
     "ders(h).keys()]",
     "\"v\"null2x-c"},
    {"try{new Headers([['a']])}catch(e){return e.name+' '+e.message}",
     "TypeError Headers constructor: expected name/value pair to be length 2, found 1."},
    {"try{new Headers(5)}catch(e){return e.name+' '+e.message}",
     "TypeError Headers constructor: Argument 1 could not be converted to one of: sequence<s"
     "equence<ByteString>>, record<ByteString, ByteString>."},
    {"const r=new Response('x'); r.headers.set('a','b'); return r.headers.get('a')", "b"},
    {"const u=require('util'); return u.inspect(new Blob(['ab', new Uint8Array([99])], {type"
     ":'Text/Plain'})) + u.inspect(new File(['x'],'f.txt',{lastModified: 5}))",
     "Blob { size: 3, type: 'text/plain' }File { size: 1, type: '', name: 'f.txt', lastModif"
     "ied: 5 }"},
    {"const fd=new FormData(); fd.append('a','1'); fd.append('f', new Blob(['x']), 'n.txt');"
     " return fd.get('f').name + (fd.get('f') instanceof File) + fd.get('a') + fd.getAll('a'"
     ").length + fd.has('f') + [...fd.keys()]",
     "n.txttrue11truea,f"},
    {"const r=new Response('{\"a\":1}'); const out=[r.bodyUsed, (await r.json()).a, r.bodyUs"
     "ed]; try{await r.text()}catch(e){out.push(e.name,e.message)} return out.join('|')",
     "false|1|true|TypeError|Body is unusable: Body has already been read"},
    {"const c=new Response('x'); const c2=c.clone(); return await c.text() + await c2.text()",
     "xx"},
    {"try{new Response('x',{status:204})}catch(e){return e.name+' '+e.message}",
     "TypeError Response constructor: Invalid response status code 204"},
    {"try{new Response('x',{status:99})}catch(e){return e.name+' '+e.message}",
     "RangeError init[\"status\"] must be in the range of 200 to 599, inclusive."},
    {"const j=Response.json({a:1},{status:201}); return j.status + j.headers.get('content-ty"
     "pe') + await j.text()",
     "201application/json{\"a\":1}"},
    {"const e=Response.error(); const rd=Response.redirect('http://a/x', 301); return [e.typ"
     "e, e.status, e.ok, rd.status, rd.headers.get('location')].join()",
     "error,0,false,301,http://a/x"},
    {"try{ new Request('/x') }catch(e){return e.name+' '+e.message}",
     "TypeError Failed to parse URL from /x"},
    {"try{ new Request('http://a', {method:'GET', body:'x'}) }catch(e){return e.name+' '+e.m"
     "essage}",
     "TypeError Request with GET/HEAD method cannot have body."},
    {"const q=new Request('http://a/b', {method:'post', headers:{'X':'1'}, body: new URLSear"
     "chParams('a=1')}); return q.method + q.headers.get('content-type') + await q.text() + "
     "q.headers.get('x')",
     "POSTapplication/x-www-form-urlencoded;charset=UTF-8a=11"},
    {"const q=new Request('http://a/b', {method:'post', headers:{'X':'1'}, body: 'zz'}); con"
     "st q2=new Request(q, {method:'PUT'}); return q2.method + q2.url + q.bodyUsed + await q"
     "2.text()",
     "PUThttp://a/btruezz"},
    {"const fd=new FormData(); fd.append('a','1'); fd.append('b', new Blob(['xyz'], {type: '"
     "text/x'}), 'b.txt'); const rf=new Response(fd); const ct = rf.headers.get('content-typ"
     "e'); const back=await rf.formData(); return ct.slice(0,30) + back.get('a') + back.get("
     "'b').name + back.get('b').type + await back.get('b').text()",
     "multipart/form-data; boundary=1b.txttext/xxyz"},
    {"return [await new Response(new Uint8Array([104,105])).text(), (await new Response('hi'"
     ").arrayBuffer()).byteLength, (await new Response('hi').blob()).size, new Response(null"
     ").body, typeof new Response('x').body].join()",
     "hi,2,2,,object"},
    {"const r3=new Response('abc'); const reader=r3.body.getReader(); const x = await reader"
     ".read(); return JSON.stringify(x.value) + x.done + r3.bodyUsed + JSON.stringify(await "
     "reader.read())",
     "{\"0\":97,\"1\":98,\"2\":99}falsetrue{\"done\":true}"},
    {"return [new Response('x').headers.get('content-type'), new Response(new Blob(['x'],{ty"
     "pe:'a/b'})).headers.get('content-type'), new Request('http://a',{method:'POST',body:ne"
     "w Uint8Array(2)}).headers.get('content-type')].join()",
     "text/plain;charset=UTF-8,a/b,"},
    {"try { await new Response('{bad').json() } catch(e) { return e.name }", "SyntaxError"},
    {"return [new Request('http://a/#frag').url, new Request(new URL('http://x/y')).url, new"
     " Request('http://a').signal instanceof AbortSignal, new Request('http://a').redirect, "
     "new Request('http://a').cache].join()",
     "http://a/#frag,http://x/y,true,follow,default"},
    {"const b = new Blob(['hello world']); return await b.slice(6).text() + b.size + (await "
     "b.arrayBuffer()).byteLength + b.type + await b.slice(-5, -1, 'X/Y').type",
     "world1111x/y"},
    {"return [typeof Headers, typeof Request, typeof Response, typeof FormData, typeof Blob,"
     " typeof File, File.prototype instanceof Blob, Object.prototype.toString.call(new Heade"
     "rs())].join()",
     "function,function,function,function,function,function,true,[object Headers]"},
    {"const r = new Response('hi', {status: 201, statusText: 'Created', headers: {'x-a':'1'}"
     "}); return [r.status, r.statusText, r.ok, r.type, r.url, r.redirected, r.headers.get('"
     "x-a')].join()",
     "201,Created,true,default,,false,1"},
    {"let s=''; for await (const chunk of new Response('chunky').body) s += new TextDecoder("
     ").decode(chunk); return s",
     "chunky"},
    {"const fd = new FormData(); fd.set('a', '1'); fd.set('a', '2'); fd.append('a', '3'); fd"
     ".delete('b'); const out = [...fd.entries()].map(e=>e.join('=')).join('&'); fd.delete('"
     "a'); return out + [...fd].length",
     "a=2&a=30"},
};

#define TABLE(fn, cases) \
  static void fn(void **state) { h_run_table(cases, sizeof(cases) / sizeof(cases[0])); }
TABLE(test_url, url_cases)
TABLE(test_web, web_cases)
TABLE(test_fetch_classes, fetch_cases)

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_url),
      cmocka_unit_test(test_web),
      cmocka_unit_test(test_fetch_classes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
