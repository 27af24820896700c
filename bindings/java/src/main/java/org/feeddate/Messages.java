package org.feeddate;

/**
 * Caller input quoted safely for a message that may end up in a log line
 * (SPEC section 7, 1.2): {@code \n} and {@code \t} as those two characters,
 * every other C0 or C1 control and DEL as {@code \xNN} (lowercase hex), a
 * lone surrogate (which has no UTF-8) as {@code \}{@code udNNN}, and a value
 * longer than 64 bytes of UTF-8 cut at a character boundary within its first
 * 64 bytes, with "…".
 */
final class Messages {
    /** The most bytes of UTF-8 of a value that a message quotes. */
    static final int MAX_QUOTED_BYTES = 64;

    private Messages() {
    }

    /** s between double quotes, escaped and cut as above; "null" for null. */
    static String quote(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX_QUOTED_BYTES) + 8).append('"');
        int bytes = 0;
        for (int i = 0; i < s.length();) {
            int c = s.codePointAt(i);
            int n = Character.charCount(c);
            // UTF-8 length; a lone surrogate counts as the 3 bytes it would take as WTF-8.
            int len = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
            if (bytes + len > MAX_QUOTED_BYTES) {
                b.append('…');
                break;
            }
            bytes += len;
            i += n;
            if (c == '\n') {
                b.append("\\n");
            } else if (c == '\t') {
                b.append("\\t");
            } else if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
                b.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
            } else if (Character.isSurrogate((char) c) && n == 1) {
                b.append("\\u").append(Integer.toHexString(c));
            } else {
                b.appendCodePoint(c);
            }
        }
        return b.append('"').toString();
    }

    /** U+XXXX for a UTF-16 code unit or a code point. */
    static String codePoint(int c) {
        return String.format("U+%04X", c);
    }
}
