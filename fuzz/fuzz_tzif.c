/*
 * fuzz_tzif.c — the libFuzzer entry point of the TZif target.
 *
 * The target itself is Swift (fuzz/tzif/FuzzTZif.swift), compiled into the
 * same module as Sources/FeedDate so that it can call the internal TZif
 * reader; that one module (with Sources/FeedDateExports/Exports.swift) also backs
 * fuzz_api_cov, so mk/hardening.mk compiles the Swift sources once and links
 * both fuzzers from it. This file only names the entry point.
 */
#include <stddef.h>
#include <stdint.h>

int feeddate_fuzz_tzif(const uint8_t *data, long size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return feeddate_fuzz_tzif(data, (long)size);
}
