/*
 * ctcrypto.h - includes every public header of the library.
 */
#ifndef CTCRYPTO_H
#define CTCRYPTO_H

#include "config.h"
#include "common.h"
#include "hash.h"
#include "ec.h"
#include "rsa.h"
#include "aes.h"

#endif /* CTCRYPTO_H */
