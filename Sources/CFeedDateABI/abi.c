/* Exposes include/feeddate.h (the one definition of the C types) to Swift.
 * SwiftPM needs one source file per C target; this one has nothing else. */
#include "feeddate.h"
