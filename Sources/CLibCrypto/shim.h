// OpenSSL's libcrypto (3.0 or later) for ModGraphSystem's SHA256 on Linux, the only code that
// imports it; Apple's platforms use CryptoKit instead. The headers are the system's
// (Debian's libssl-dev, installed by scripts/setup.sh), so no pkg-config is asked: SwiftPM
// would ask it on macOS too, where nothing depends on this module, and warn.
#ifndef MODGRAPH_CLIBCRYPTO_SHIM_H
#define MODGRAPH_CLIBCRYPTO_SHIM_H

#include <openssl/evp.h>

#endif
