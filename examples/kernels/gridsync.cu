/* Cooperative-groups grid sync as nvcc emits it (issue 22 item 4): a
 * grid-wide sum in three phases separated by cg::this_grid().sync(), which
 * nvcc compiles to the grid workspace address from %envreg1/%envreg2, an
 * atom.add.release.gpu by each block's first thread and an ld.acquire.gpu
 * spin until the barrier's top bit flips. A kernel so compiled must be
 * launched cooperatively (the workload file's 'cooperative' launch option,
 * gs_host_launch_cooperative); otherwise the workspace address is null and
 * the kernel traps, as it does on a GPU.
 *
 * Phase 1: each thread sums its grid-strided inputs into partial[rank].
 * Phase 2: a tree over the grid, one grid sync per level (the grid's thread
 *          count is a power of two).
 * Phase 3: each thread writes the total, its phase-1 sum and its block's
 *          rank and count from the grid group.
 * tests/unit/363-exec-grid-sync.c checks it against a C reference on the
 * functional executor, tests/test_ptx_programs.py under timing on every
 * preset. */
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

extern "C" __global__ void grid_sum(const unsigned *in, unsigned *partial, unsigned *out,
                                    unsigned n)
{
    cg::grid_group grid = cg::this_grid();
    unsigned rank = (unsigned)grid.thread_rank();
    unsigned total = (unsigned)grid.size();
    unsigned sum = 0, stride, j;
    for (j = rank; j < n; j += total)
        sum += in[j];
    partial[rank] = sum;
    grid.sync();
    for (stride = total / 2u; stride > 0u; stride /= 2u) {
        if (rank < stride)
            partial[rank] += partial[rank + stride];
        grid.sync();
    }
    out[rank * 4u] = partial[0];
    out[rank * 4u + 1u] = sum;
    out[rank * 4u + 2u] = (unsigned)grid.block_rank();
    out[rank * 4u + 3u] = (unsigned)grid.num_blocks();
}
