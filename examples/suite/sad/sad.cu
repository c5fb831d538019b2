/*
 * SAD (Parboil sad, seed 003 Tables 7 and 21): the sums of absolute
 * differences of H.264 motion estimation over a full search range, in
 * Parboil's shape; the project's own code. sad_block_4x4, sad_combine_8
 * and sad_combine_16 model Parboil's mb_sad_calc, larger_sad_calc_8 and
 * larger_sad_calc_16.
 *
 * Every 4 x 4 block of the current frame is compared with the reference
 * frame at each of the 33 x 33 = 1089 displacements of -16..16 pixels in x
 * and y; the larger H.264 partitions' SADs are then sums of those. The
 * results live in one array of unsigned shorts: per partition type, per
 * macroblock, per block a row of SAD_ROW_PITCH = 1096 search positions,
 * the types in the order 16 x 16 (1 block a macroblock, from row 0), 16 x 8
 * (2, from row MBs), 8 x 16 (2, 3 MBs), 8 x 8 (4, 5 MBs), 8 x 4 (8,
 * 9 MBs), 4 x 8 (8, 17 MBs) and 4 x 4 (16, 25 MBs), blocks in raster order
 * within their macroblock.
 *
 * sad_block_4x4: a block of SAD_THREADS = 61 threads per 4 x 4 block (the
 * grid 4 x 4 per macroblock), each thread 18 consecutive search positions
 * (the last, thread 60, only the 9 from 1080, as 60 x 18 = 1080 of the 1089);
 * per position it adds |ref - cur| over the 16 pixels into an unsigned short,
 * the reference pixel fetched through a 2-D texture (point sampling at
 * integer coordinates, clamped addressing, so positions off the frame see its
 * edge), the current pixel from global memory.
 * sad_combine_8: a block of 32 x 4 threads per macroblock, threadIdx.y
 * its 8 x 8 quarter, whose four 4 x 4 SADs give its two 8 x 4, two 4 x 8
 * and one 8 x 8 SADs; sad_combine_16: 32 threads per macroblock, the
 * four 8 x 8 SADs giving the two 16 x 8, two 8 x 16 and the 16 x 16 ones.
 * Both share merge_quad: the lanes stride over a row's positions two at a
 * time, reading the four input rows as unsigned ints and adding the
 * shorts in pairs (no sum reaches 65536, so no carry crosses), then
 * storing the five results. The pairs cover positions 0..1089, so 1089,
 * never written by sad_block_4x4, is summed as the zero it starts as.
 *
 * Departures: sad_block_4x4 reads each current pixel from global memory for
 * every position and stores each SAD straight to global memory as one
 * 16-bit store, where Parboil's stages the current 4 x 4 block and the SADs
 * in shared memory and writes the SADs out as wider vectors (so this
 * module makes more global loads and narrower stores, and no shared-memory
 * traffic, in that kernel); the reference frame is a texture object passed
 * as a kernel argument where Parboil binds a texture reference (removed
 * from CUDA 12, whose nvcc builds this file); the frames are seeded random
 * pixel values 0..255 (Parboil reads them from files).
 */
#define SAD_REACH 16
#define SAD_SPAN (2 * SAD_REACH + 1)
#define SAD_POSITIONS (SAD_SPAN * SAD_SPAN)
#define SAD_ROW_PITCH 1096
#define SAD_POS_EACH 18
#define SAD_THREADS ((SAD_POSITIONS + SAD_POS_EACH - 1) / SAD_POS_EACH)

/* each partition type's first row of SADs, in multiples of the macroblock count */
#define ROWS_16X16 0
#define ROWS_16X8 1
#define ROWS_8X16 3
#define ROWS_8X8 5
#define ROWS_8X4 9
#define ROWS_4X8 17
#define ROWS_4X4 25
#define WORDS_PER_ROW (SAD_ROW_PITCH / 2)    /* a row of shorts as 32-bit words */
#define WORDS_USED ((SAD_POSITIONS + 1) / 2) /* the pairs covering positions 0..SAD_POSITIONS */

extern "C" __global__ void sad_block_4x4(unsigned short *blk_sad, const unsigned short *frame,
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
        int pos = (threadIdx.x % SAD_THREADS) * SAD_POS_EACH;
        int end = pos + SAD_POS_EACH;
        unsigned short *out = blk_sad + mb_width * mb_height * SAD_ROW_PITCH * ROWS_4X4
                            + ((mb_y * mb_width + mb_x) * 16 + 4 * block_y + block_x)
                                  * SAD_ROW_PITCH;
        if (end > SAD_POSITIONS)
            end = SAD_POSITIONS;
        for (; pos < end; pos++) {
            unsigned short sad = 0;
            int sx = frame_x + pos % SAD_SPAN - SAD_REACH;
            int sy = frame_y + pos / SAD_SPAN - SAD_REACH;
            for (int y = 0; y < 4; y++)
                for (int x = 0; x < 4; x++)
                    sad += abs((int)tex2D<unsigned short>(ref, sx + x, sy + y)
                               - (int)frame[cur_first + y * img_width + x]);
            out[pos] = sad;
        }
    }
}

/* row `r` of the SAD array, viewed as 32-bit words holding two positions each */
__device__ __forceinline__ unsigned *sad_words(unsigned short *sads, int r)
{
    return (unsigned *)(sads + r * SAD_ROW_PITCH);
}

/*
 * Merges a 2 x 2 arrangement of equal partitions (a b over c d, `nw` the
 * row of a, b `east` words on, c `south` words on) into the five larger
 * ones built from it: `wide` gets each row pair joined (a + b, then c + d
 * `wide_step` words on), `tall` each column pair (a + c, then b + d a row
 * on), `whole` all four. The warp's 32 lanes take every 32nd word, each
 * word two positions added at once (no SAD reaches 65536, so nothing
 * carries into the neighbouring position).
 */
__device__ __forceinline__ void merge_quad(const unsigned *nw, int east, int south,
                                           unsigned *wide, int wide_step, unsigned *tall,
                                           unsigned *whole)
{
    for (int w = threadIdx.x; w < WORDS_USED; w += 32) {
        const unsigned *src = nw + w;
        unsigned a = src[0], b = src[east], c = src[south], d = src[south + east];
        unsigned upper = a + b, lower = c + d;
        tall[w] = a + c;
        tall[w + WORDS_PER_ROW] = b + d;
        wide[w] = upper;
        wide[w + wide_step] = lower;
        whole[w] = upper + lower;
    }
}

/* 8 x 8, 8 x 4 and 4 x 8 from 4 x 4: threadIdx.y picks the macroblock's quarter */
extern "C" __global__ void sad_combine_8(unsigned short *blk_sad, int mb_width, int mb_height)
{
    const int count = mb_width * mb_height;
    const int mb = blockIdx.x + mb_width * blockIdx.y;
    const int qcol = threadIdx.y & 1, qrow = threadIdx.y >> 1;
    /* 4 x 4 blocks: four a row of the macroblock; 8 x 4: two a row; 4 x 8 and 8 x 8 likewise */
    const unsigned *nw = sad_words(blk_sad, count * ROWS_4X4 + 16 * mb + 8 * qrow + 2 * qcol);
    merge_quad(nw, WORDS_PER_ROW, 4 * WORDS_PER_ROW,
               sad_words(blk_sad, count * ROWS_8X4 + 8 * mb + 4 * qrow + qcol), 2 * WORDS_PER_ROW,
               sad_words(blk_sad, count * ROWS_4X8 + 8 * mb + 4 * qrow + 2 * qcol),
               sad_words(blk_sad, count * ROWS_8X8 + 4 * mb + 2 * qrow + qcol));
}

/* 16 x 16, 16 x 8 and 8 x 16 from the four 8 x 8 quarters */
extern "C" __global__ void sad_combine_16(unsigned short *blk_sad, int mb_width, int mb_height)
{
    const int count = mb_width * mb_height;
    const int mb = blockIdx.x + mb_width * blockIdx.y;
    merge_quad(sad_words(blk_sad, count * ROWS_8X8 + 4 * mb), WORDS_PER_ROW, 2 * WORDS_PER_ROW,
               sad_words(blk_sad, count * ROWS_16X8 + 2 * mb), WORDS_PER_ROW,
               sad_words(blk_sad, count * ROWS_8X16 + 2 * mb),
               sad_words(blk_sad, count * ROWS_16X16 + mb));
}
