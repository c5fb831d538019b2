/*
 * gpusim public interface: the one header a host program includes.
 *
 * gpusim is a deterministic, fixed-allocation whole-GPU timing simulator
 * (see README.md and DESIGN.md). This header exposes the status codes, the
 * diagnostic record every loader fills, the output sink the library writes
 * text through, and the module interfaces a host needs. The library itself
 * never allocates: the host hands it one arena (DESIGN.md section 5).
 */
#ifndef GPUSIM_H
#define GPUSIM_H

#include "base/arena.h"
#include "base/bits.h"
#include "base/config.h"
#include "base/fmt.h"
#include "base/nearest.h"
#include "base/prng.h"
#include "base/set_index.h"
#include "base/stats.h"
#include "base/status.h"
#include "fp/fpmath_soft.h"
#include "host/host.h"
#include "host/workload.h"
#include "mem/addrmap.h"
#include "sim/frontend_trace.h"
#include "sim/gpu.h"
#include "sim/run.h"
#include "trace/trace.h"

#define GS_VERSION_STRING "0.1.0"

#endif
