package org.feeddate;

/**
 * A status other than FD_OK from the library. The message is the library's
 * own ({@code fd_last_error()}, read on the failing thread right after the
 * call): it names the option, id or value and what would be valid.
 */
public class FeedDateException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Status status;
    private final int statusCode;

    public FeedDateException(int statusCode, String message) {
        super(message);
        this.statusCode = statusCode;
        this.status = Status.of(statusCode);
    }

    /** The status as an enum ({@link Status#UNKNOWN} for a code this binding does not know). */
    public Status status() {
        return status;
    }

    /** The C value of the status (FD_ERR_ARGUMENT = 1, ...). */
    public int statusCode() {
        return statusCode;
    }
}
