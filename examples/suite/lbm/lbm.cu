/*
 * LBM (Parboil lbm, seed 003 Tables 7 and 17): a lattice-Boltzmann fluid
 * solver, D3Q19 with the BGK collision, in Parboil's CUDA shape; the
 * project's own code. lbm_stream_collide models Parboil's
 * performStreamCollide_kernel.
 *
 * lbm_stream_collide runs once per time step, the host swapping source
 * and destination grids between launches. A block of SIZE_X threads (one per
 * x) handles one row, the grid is (SIZE_Y, SIZE_Z). The grid is a
 * structure of arrays in global memory: 20 arrays (the 19 distributions and
 * a flags word) of PADDED_X x PADDED_Y x PADDED_Z cells, PADDED_X = SIZE_X +
 * 8, PADDED_Y = SIZE_Y, PADDED_Z = SIZE_Z + 4, the cell (x, y, z) of array e
 * at MARGIN + e * cells + x + y * PADDED_X + z * PADDED_X * PADDED_Y, MARGIN
 * two planes. Each thread gathers its cell's 19 incoming distributions from
 * its neighbours (streaming as a pull), reads its flags, bounces everything
 * back at an obstacle, else computes density and velocity (the velocity
 * fixed at (0.005, 0.002, 0) in accelerated cells) and relaxes toward the
 * equilibrium with OMEGA = 1.95, and writes the 19 values to its own cell
 * of the destination grid.
 *
 * lbm_init_flags stands in for Parboil's host set-up (LBM_loadObstacleFile
 * and the lid-driven-cavity special cells): it writes each cell's flags
 * into both grids: OBSTACLE on the domain's faces and where the seeded
 * obstacle map is 0, ACCEL on the planes z = 1 and z = SIZE_Z - 2 away from
 * the edges.
 *
 * Departures: the sizes come from the launch geometry (blockDim.x = SIZE_X,
 * gridDim = (SIZE_Y, SIZE_Z)) where Parboil compiles them in, so one PTX
 * serves every size; the obstacle map is a seeded random buffer (Parboil
 * reads an obstacle file) and the initial distributions are seeded random
 * values (Parboil starts at rest, every cell at the equilibrium weights), so
 * the first steps already exercise the whole collision; the flags are set by
 * a first kernel where Parboil sets them on the host before the copy.
 */
#define PADDING_X 8
#define PADDING_Z 4

#define OMEGA 1.95f
#define DFL1 (1.0f / 3.0f)
#define DFL2 (1.0f / 18.0f)
#define DFL3 (1.0f / 36.0f)

#define OBSTACLE 1u
#define ACCEL 2u

enum { C, N, S, E, W, T, B, NE, NW, SE, SW, NT, NB, ST, SB, ET, EB, WT, WB, FLAGS };

extern "C" __global__ void lbm_init_flags(const unsigned *obstacles, float *gridA, float *gridB)
{
    const int sx = blockDim.x, sy = gridDim.x, sz = gridDim.y;
    const int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    const int px = sx + PADDING_X, plane = px * sy, cells = plane * (sz + PADDING_Z);
    const int i = 2 * plane + FLAGS * cells + x + y * px + z * plane;
    unsigned flags = 0;
    if (obstacles[(z * sy + y) * sx + x] == 0)
        flags |= OBSTACLE;
    if (x == 0 || x == sx - 1 || y == 0 || y == sy - 1 || z == 0 || z == sz - 1)
        flags |= OBSTACLE;
    else if ((z == 1 || z == sz - 2) && x > 1 && x < sx - 2 && y > 1 && y < sy - 2)
        flags |= ACCEL;
    gridA[i] = __uint_as_float(flags);
    gridB[i] = __uint_as_float(flags);
}

extern "C" __global__ void lbm_stream_collide(const float *srcGrid, float *dstGrid)
{
    const int px = blockDim.x + PADDING_X, plane = px * gridDim.x;
    const int cells = plane * (gridDim.y + PADDING_Z);
    const int i = 2 * plane + threadIdx.x + blockIdx.x * px + blockIdx.y * plane;
#define SRC(e, dx, dy, dz) srcGrid[(e) * cells + i + (dx) + (dy) * px + (dz) * plane]
#define DST(e) dstGrid[(e) * cells + i]
    float fC = SRC(C, 0, 0, 0);
    float fN = SRC(N, 0, -1, 0), fS = SRC(S, 0, 1, 0);
    float fE = SRC(E, -1, 0, 0), fW = SRC(W, 1, 0, 0);
    float fT = SRC(T, 0, 0, -1), fB = SRC(B, 0, 0, 1);
    float fNE = SRC(NE, -1, -1, 0), fNW = SRC(NW, 1, -1, 0);
    float fSE = SRC(SE, -1, 1, 0), fSW = SRC(SW, 1, 1, 0);
    float fNT = SRC(NT, 0, -1, -1), fNB = SRC(NB, 0, -1, 1);
    float fST = SRC(ST, 0, 1, -1), fSB = SRC(SB, 0, 1, 1);
    float fET = SRC(ET, -1, 0, -1), fEB = SRC(EB, -1, 0, 1);
    float fWT = SRC(WT, 1, 0, -1), fWB = SRC(WB, 1, 0, 1);
    unsigned flags = __float_as_uint(SRC(FLAGS, 0, 0, 0));
    float t;

    if (flags & OBSTACLE) {
        /* bounce back: each distribution leaves the way it came */
        t = fN; fN = fS; fS = t;
        t = fE; fE = fW; fW = t;
        t = fT; fT = fB; fB = t;
        t = fNE; fNE = fSW; fSW = t;
        t = fNW; fNW = fSE; fSE = t;
        t = fNT; fNT = fSB; fSB = t;
        t = fNB; fNB = fST; fST = t;
        t = fET; fET = fWB; fWB = t;
        t = fEB; fEB = fWT; fWT = t;
    } else {
        float rho, ux, uy, uz, u2, base, w, keep;
        rho = fC + fN + fS + fE + fW + fT + fB + fNE + fNW + fSE + fSW + fNT + fNB + fST + fSB
            + fET + fEB + fWT + fWB;
        ux = fE - fW + fNE - fNW + fSE - fSW + fET + fEB - fWT - fWB;
        uy = fN - fS + fNE + fNW - fSE - fSW + fNT + fNB - fST - fSB;
        uz = fT - fB + fNT - fNB + fST - fSB + fET - fEB + fWT - fWB;
        ux /= rho;
        uy /= rho;
        uz /= rho;
        if (flags & ACCEL) {
            ux = 0.005f;
            uy = 0.002f;
            uz = 0.000f;
        }
        u2 = 1.5f * (ux * ux + uy * uy + uz * uz) - 1.0f;
        base = OMEGA * rho;
        keep = 1.0f - OMEGA;
        w = DFL1 * base;
        fC = keep * fC + w * (-u2);
        w = DFL2 * base;
        fN = keep * fN + w * (uy * (4.5f * uy + 3.0f) - u2);
        fS = keep * fS + w * (uy * (4.5f * uy - 3.0f) - u2);
        fT = keep * fT + w * (uz * (4.5f * uz + 3.0f) - u2);
        fB = keep * fB + w * (uz * (4.5f * uz - 3.0f) - u2);
        fE = keep * fE + w * (ux * (4.5f * ux + 3.0f) - u2);
        fW = keep * fW + w * (ux * (4.5f * ux - 3.0f) - u2);
        w = DFL3 * base;
        fNT = keep * fNT + w * ((+uy + uz) * (4.5f * (+uy + uz) + 3.0f) - u2);
        fNB = keep * fNB + w * ((+uy - uz) * (4.5f * (+uy - uz) + 3.0f) - u2);
        fST = keep * fST + w * ((-uy + uz) * (4.5f * (-uy + uz) + 3.0f) - u2);
        fSB = keep * fSB + w * ((-uy - uz) * (4.5f * (-uy - uz) + 3.0f) - u2);
        fNE = keep * fNE + w * ((+ux + uy) * (4.5f * (+ux + uy) + 3.0f) - u2);
        fSE = keep * fSE + w * ((+ux - uy) * (4.5f * (+ux - uy) + 3.0f) - u2);
        fET = keep * fET + w * ((+ux + uz) * (4.5f * (+ux + uz) + 3.0f) - u2);
        fEB = keep * fEB + w * ((+ux - uz) * (4.5f * (+ux - uz) + 3.0f) - u2);
        fNW = keep * fNW + w * ((-ux + uy) * (4.5f * (-ux + uy) + 3.0f) - u2);
        fSW = keep * fSW + w * ((-ux - uy) * (4.5f * (-ux - uy) + 3.0f) - u2);
        fWT = keep * fWT + w * ((-ux + uz) * (4.5f * (-ux + uz) + 3.0f) - u2);
        fWB = keep * fWB + w * ((-ux - uz) * (4.5f * (-ux - uz) + 3.0f) - u2);
    }
    DST(C) = fC;
    DST(N) = fN;
    DST(S) = fS;
    DST(E) = fE;
    DST(W) = fW;
    DST(T) = fT;
    DST(B) = fB;
    DST(NE) = fNE;
    DST(NW) = fNW;
    DST(SE) = fSE;
    DST(SW) = fSW;
    DST(NT) = fNT;
    DST(NB) = fNB;
    DST(ST) = fST;
    DST(SB) = fSB;
    DST(ET) = fET;
    DST(EB) = fEB;
    DST(WT) = fWT;
    DST(WB) = fWB;
#undef SRC
#undef DST
}
