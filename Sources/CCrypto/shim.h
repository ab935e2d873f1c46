// OpenSSL's libcrypto, for HMAC-SHA256 on Linux (Apple platforms use CryptoKit).
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
