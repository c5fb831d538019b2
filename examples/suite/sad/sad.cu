/*
 * SAD (Parboil sad, seed 003 Tables 7 and 17): the sums of absolute
 * differences of H.264 motion estimation over a full search range, in
 * Parboil's shape; the project's own code.
 *
 * Every 4 x 4 block of the current frame is compared with the reference
 * frame at each of the 33 x 33 = 1089 displacements of -16..16 pixels in x
 * and y; the larger H.264 partitions' SADs are then sums of those. The
 * results live in one array of unsigned shorts: per partition type, per
 * macroblock, per block a row of MAX_POS_PADDED = 1096 search positions,
 * the types in the order 16 x 16 (1 block a macroblock, from row 0), 16 x 8
 * (2, from row MBs), 8 x 16 (2, 3 MBs), 8 x 8 (4, 5 MBs), 8 x 4 (8,
 * 9 MBs), 4 x 8 (8, 17 MBs) and 4 x 4 (16, 25 MBs), blocks in raster order
 * within their macroblock.
 *
 * mb_sad_calc: a block of CEIL_POS = 61 threads per 4 x 4 block (the grid 4
 * x 4 per macroblock), each thread 18 consecutive search positions (the
 * last thread 11); per position it adds |ref - cur| over the 16 pixels into
 * an unsigned short, the reference pixel fetched through a 2-D texture
 * (point sampling at integer coordinates, clamped addressing, so positions
 * off the frame see its edge), the current pixel from global memory.
 * larger_sad_calc_8: a block of 32 x 4 threads per macroblock, threadIdx.y
 * its 8 x 8 quarter; threads stride over the positions two at a time, the
 * shorts read and added in pairs as unsigned ints (no sum reaches 65536, so
 * no carry crosses), forming the 4 x 8, 8 x 4 and 8 x 8 SADs from the four
 * 4 x 4 ones. larger_sad_calc_16: 32 threads per macroblock form the 8 x 16,
 * 16 x 8 and 16 x 16 SADs from the four 8 x 8 ones likewise. Each pair loop
 * covers (MAX_POS + 1) / 2 pairs, so position 1089, never written by
 * mb_sad_calc, is summed as the zero it starts as.
 *
 * Departures: the reference frame is a texture object passed as a kernel
 * argument where Parboil binds a texture reference (removed from CUDA 12,
 * whose nvcc builds this file); the frames are seeded random pixel values
 * 0..255 (Parboil reads them from files).
 */
#define SEARCH_RANGE 16
#define SEARCH_DIMENSION (2 * SEARCH_RANGE + 1)
#define MAX_POS (SEARCH_DIMENSION * SEARCH_DIMENSION)
#define MAX_POS_PADDED 1096
#define POS_PER_THREAD 18
#define CEIL_POS ((MAX_POS + POS_PER_THREAD - 1) / POS_PER_THREAD)

extern "C" __global__ void mb_sad_calc(unsigned short *blk_sad, const unsigned short *frame,
                                       int mb_width, int mb_height, cudaTextureObject_t ref)
{
    int bx = blockIdx.x, by = blockIdx.y;   /* the 4 x 4 block, in blocks */
    int img_width = mb_width * 16;
    int mb_x = bx >> 2, mb_y = by >> 2;
    int block_x = bx & 3, block_y = by & 3;

    if (mb_x < mb_width && mb_y < mb_height) {
        /* the 4 x 4 block's first pixel */
        int frame_x = ((mb_x << 2) + block_x) << 2;
        int frame_y = ((mb_y << 2) + block_y) << 2;
        int cur_first = frame_y * img_width + frame_x;
        int pos = (threadIdx.x % CEIL_POS) * POS_PER_THREAD;
        int end = pos + POS_PER_THREAD;
        unsigned short *out = blk_sad + mb_width * mb_height * MAX_POS_PADDED * 25
                            + ((mb_y * mb_width + mb_x) * 16 + 4 * block_y + block_x)
                                  * MAX_POS_PADDED;
        if (end > MAX_POS)
            end = MAX_POS;
        for (; pos < end; pos++) {
            unsigned short sad = 0;
            int sx = frame_x + pos % SEARCH_DIMENSION - SEARCH_RANGE;
            int sy = frame_y + pos / SEARCH_DIMENSION - SEARCH_RANGE;
            for (int y = 0; y < 4; y++)
                for (int x = 0; x < 4; x++)
                    sad += abs((int)tex2D<unsigned short>(ref, sx + x, sy + y)
                               - (int)frame[cur_first + y * img_width + x]);
            out[pos] = sad;
        }
    }
}

extern "C" __global__ void larger_sad_calc_8(unsigned short *blk_sad, int mb_width, int mb_height)
{
    int tx = threadIdx.y & 1, ty = threadIdx.y >> 1;
    int mbs = mb_width * mb_height;
    int mb = blockIdx.y * mb_width + blockIdx.x;
    /* rows of shorts: the four 4 x 4 blocks of this 8 x 8 quarter, then its outputs */
    const unsigned *in = (const unsigned *)(blk_sad
                                            + (mbs * 25 + mb * 16 + ty * 8 + tx * 2) * MAX_POS_PADDED);
    unsigned *out6 = (unsigned *)(blk_sad + (mbs * 17 + mb * 8 + ty * 4 + tx * 2) * MAX_POS_PADDED);
    unsigned *out5 = (unsigned *)(blk_sad + (mbs * 9 + mb * 8 + ty * 4 + tx) * MAX_POS_PADDED);
    unsigned *out4 = (unsigned *)(blk_sad + (mbs * 5 + mb * 4 + ty * 2 + tx) * MAX_POS_PADDED);
    const int row = MAX_POS_PADDED / 2;   /* one block's row in unsigned ints */

    for (int p = threadIdx.x; p < (MAX_POS + 1) / 2; p += 32) {
        unsigned i00 = in[p], i01 = in[p + row], i10 = in[p + 4 * row], i11 = in[p + 5 * row];
        out6[p] = i00 + i10;          /* 4 x 8, left */
        out6[p + row] = i01 + i11;    /* 4 x 8, right */
        out5[p] = i00 + i01;          /* 8 x 4, top */
        out5[p + 2 * row] = i10 + i11; /* 8 x 4, bottom */
        out4[p] = (i00 + i01) + (i10 + i11);
    }
}

extern "C" __global__ void larger_sad_calc_16(unsigned short *blk_sad, int mb_width, int mb_height)
{
    int mbs = mb_width * mb_height;
    int mb = blockIdx.y * mb_width + blockIdx.x;
    const unsigned *in = (const unsigned *)(blk_sad + (mbs * 5 + mb * 4) * MAX_POS_PADDED);
    unsigned *out3 = (unsigned *)(blk_sad + (mbs * 3 + mb * 2) * MAX_POS_PADDED);
    unsigned *out2 = (unsigned *)(blk_sad + (mbs + mb * 2) * MAX_POS_PADDED);
    unsigned *out1 = (unsigned *)(blk_sad + mb * MAX_POS_PADDED);
    const int row = MAX_POS_PADDED / 2;

    for (int p = threadIdx.x; p < (MAX_POS + 1) / 2; p += 32) {
        unsigned i00 = in[p], i01 = in[p + row], i10 = in[p + 2 * row], i11 = in[p + 3 * row];
        out3[p] = i00 + i10;          /* 8 x 16, left */
        out3[p + row] = i01 + i11;    /* 8 x 16, right */
        out2[p] = i00 + i01;          /* 16 x 8, top */
        out2[p + row] = i10 + i11;    /* 16 x 8, bottom */
        out1[p] = (i00 + i01) + (i10 + i11);
    }
}
