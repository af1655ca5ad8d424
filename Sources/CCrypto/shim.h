// libcrypto (Debian libssl-dev) for SHA-256 of downloaded packs.
#include <openssl/evp.h>
