/*
 * ec_const.h - how the generated curve constants (src/ec/<curve>_const.h,
 * tools/gen_ec_consts.py) become limbs: EC_L(lo, hi) writes two 32-bit
 * words as the limbs of the target's size.
 */
#ifndef EC_EC_CONST_H
#define EC_EC_CONST_H

#include "ec.h"

#if MP_LIMB_BITS == 64
#define EC_L(lo, hi) (((ct_limb_t)(hi) << 32) | (ct_limb_t)(lo))
#else
#define EC_L(lo, hi) (ct_limb_t)(lo), (ct_limb_t)(hi)
#endif

#endif
