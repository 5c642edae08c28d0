/*
 * mp_cpu.c - the run-time choices of the x86-64 mp layer: the row
 * (MP_X86_CPUID in mp_arch.h; mp_x86_mulx in mp.h) and the kernel of the
 * radix-2^52 exponentiation (MP_EXP52; mp_x86_ifma in mp.h).
 *
 * What the CPU has comes from ctc_cpu_features() (common/cpu.h), asked
 * once; each choice is cached in a static word (two threads that race
 * on the first call store the same value). Which code runs depends
 * on the CPU only, never on the data.
 */
#include "mp.h"

#if MP_X86_CPUID
#include "common/cpu.h"

#define MULX_KNOWN 2u
#define MULX_YES 1u

unsigned mp_x86_mulx_state;            /* MULX_KNOWN | MULX_YES once asked */
static unsigned mulx_allowed = 1;      /* tests restrict this */

unsigned mp_x86_mulx_detect(void)
{
    unsigned f = ctc_cpu_features(), yes;

    /* the row needs BMI2 (MULX) and ADX (ADCX/ADOX) */
    yes = ((f & CTC_CPU_X86_BMI2) && (f & CTC_CPU_X86_ADX)) ? mulx_allowed : 0u;
    mp_x86_mulx_state = MULX_KNOWN | yes;
    return yes;
}

int mp_x86_mulx_allow(int allowed)
{
    int old = (int)mulx_allowed;

    mulx_allowed = allowed ? 1u : 0u;
    mp_x86_mulx_detect();
    return old;
}
#endif

#if MP_EXP52
#include "common/cpu.h"

#define IFMA_KNOWN 2u
#define IFMA_YES 1u

unsigned mp_x86_ifma_state;            /* IFMA_KNOWN | IFMA_YES once asked */
static unsigned ifma_allowed = 1;      /* tests restrict this */

unsigned mp_x86_ifma_detect(void)
{
    unsigned yes = 0;

#if MP_IFMA
    /* AVX-512 F, VL and IFMA with the ZMM state saved by the OS */
    yes = (ctc_cpu_features() & CTC_CPU_X86_AVX512IFMA) ? ifma_allowed : 0u;
#endif
    mp_x86_ifma_state = IFMA_KNOWN | yes;
    return yes;
}

int mp_x86_ifma_allow(int allowed)
{
    int old = (int)ifma_allowed;

    ifma_allowed = allowed ? 1u : 0u;
    mp_x86_ifma_detect();
    return old;
}
#endif
