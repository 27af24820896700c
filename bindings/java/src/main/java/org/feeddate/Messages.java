package org.feeddate;

/**
 * Caller input quoted for a message the binding words itself (a NUL in a
 * string option, which a C string cannot carry): the library's fd_quote
 * (1.3), the one quoting rule every message follows (SPEC section 7, 1.2;
 * include/feeddate.h), so that the binding keeps no copy of it. The string
 * goes to the library as its WTF-8 bytes ({@link LibFeedDate#wtf8}), a lone
 * surrogate as its three bytes, quoted "\xed\xa0\x80" as the library quotes
 * it in its own messages.
 */
final class Messages {
    private Messages() {
    }

    /** s as fd_quote quotes it, double quotes included; "null" for null. */
    static String quote(String s) {
        if (s == null) return "null";
        return CallPath.CALLS.quote(LibFeedDate.wtf8(s, LibFeedDate.QUOTE_READ_BYTES));
    }
}
