// SRAD: speckle-reducing anisotropic diffusion (Rodinia "srad", srad_v2:
// srad.cu / srad_kernel.cu). Per iteration the host computes the ROI
// statistic q0sqr, then srad_cuda_1 (16 x 16 blocks: the 4 directional
// derivatives and the saturated diffusion coefficient, neighbours staged in
// six shared tiles) and srad_cuda_2 (divergence and image update).
//
// Rodinia's kernel bodies are kept, including their reads outside the image
// (index_n/index_w of the first block row/column and index_s/index_e of the
// last ones read before/after J and C, values then overwritten): the .gsw
// files place guard buffers around J and C so those reads stay in device
// memory, as the padding of a real allocation does. Rodinia's float/double
// promotions are kept, written with explicit intrinsics in the C order (the
// fma nvcc -O3 contracts a * b + c to).
//
// Departure: the host's q0sqr (mean and variance over the ROI, rows/cols
// 0..127, summed in float) runs as srad_roi on the device (one block of 128
// threads, one ROI column per thread, then a shared tree sum) and the two
// kernels read q0sqr from that device word instead of a scalar argument.

#define BLOCK_SIZE 16
#define ROI 128

// q0sqr of the ROI (rows, cols 0..ROI-1): thread c sums column c top-down,
// then a tree sum over the columns; stat[0] = q0sqr.
extern "C" __global__ void srad_roi(const float *J, float *stat, int cols)
{
    __shared__ float sum_s[ROI];
    __shared__ float sum2_s[ROI];
    int c = threadIdx.x;
    float sum = 0.0f, sum2 = 0.0f;
    for (int r = 0; r < ROI; r++) {
        float tmp = J[r * cols + c];
        sum = __fadd_rn(sum, tmp);
        sum2 = fmaf(tmp, tmp, sum2);
    }
    sum_s[c] = sum;
    sum2_s[c] = sum2;
    for (int stride = ROI / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        if (c < stride) {
            sum_s[c] = __fadd_rn(sum_s[c], sum_s[c + stride]);
            sum2_s[c] = __fadd_rn(sum2_s[c], sum2_s[c + stride]);
        }
    }
    if (c == 0) {
        float sizeR = (float)(ROI * ROI);
        float meanROI = __fdiv_rn(sum_s[0], sizeR);
        float varROI = __fsub_rn(__fdiv_rn(sum2_s[0], sizeR), __fmul_rn(meanROI, meanROI));
        stat[0] = __fdiv_rn(varROI, __fmul_rn(meanROI, meanROI));
    }
}

extern "C" __global__ void srad_cuda_1(float *E_C, float *W_C, float *N_C, float *S_C,
                                       const float *J_cuda, float *C_cuda, int cols, int rows,
                                       const float *q0sqr_p)
{
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int index = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
    int index_n = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + tx - cols;
    int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
    int index_w = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty - 1;
    int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;
    float n, w, e, s, jc, g2, l, num, den, qsqr, c;
    float q0sqr = q0sqr_p[0];

    __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float temp_result[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float north[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float south[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float east[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float west[BLOCK_SIZE][BLOCK_SIZE];

    north[ty][tx] = J_cuda[index_n];
    south[ty][tx] = J_cuda[index_s];
    if (by == 0)
        north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];
    else if (by == gridDim.y - 1)
        south[ty][tx] = J_cuda[cols * BLOCK_SIZE * (gridDim.y - 1) + BLOCK_SIZE * bx +
                               cols * (BLOCK_SIZE - 1) + tx];
    __syncthreads();
    west[ty][tx] = J_cuda[index_w];
    east[ty][tx] = J_cuda[index_e];
    if (bx == 0)
        west[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + cols * ty];
    else if (bx == gridDim.x - 1)
        east[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + BLOCK_SIZE * (gridDim.x - 1) +
                              cols * ty + BLOCK_SIZE - 1];
    __syncthreads();
    temp[ty][tx] = J_cuda[index];
    __syncthreads();

    jc = temp[ty][tx];
    if (ty == 0 && tx == 0) {                                   // nw
        n = north[ty][tx] - jc; s = temp[ty + 1][tx] - jc;
        w = west[ty][tx] - jc;  e = temp[ty][tx + 1] - jc;
    } else if (ty == 0 && tx == BLOCK_SIZE - 1) {               // ne
        n = north[ty][tx] - jc;    s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc; e = east[ty][tx] - jc;
    } else if (ty == BLOCK_SIZE - 1 && tx == BLOCK_SIZE - 1) {  // se
        n = temp[ty - 1][tx] - jc; s = south[ty][tx] - jc;
        w = temp[ty][tx - 1] - jc; e = east[ty][tx] - jc;
    } else if (ty == BLOCK_SIZE - 1 && tx == 0) {               // sw
        n = temp[ty - 1][tx] - jc; s = south[ty][tx] - jc;
        w = west[ty][tx] - jc;     e = temp[ty][tx + 1] - jc;
    } else if (ty == 0) {                                       // n
        n = north[ty][tx] - jc;    s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc; e = temp[ty][tx + 1] - jc;
    } else if (tx == BLOCK_SIZE - 1) {                          // e
        n = temp[ty - 1][tx] - jc; s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc; e = east[ty][tx] - jc;
    } else if (ty == BLOCK_SIZE - 1) {                          // s
        n = temp[ty - 1][tx] - jc; s = south[ty][tx] - jc;
        w = temp[ty][tx - 1] - jc; e = temp[ty][tx + 1] - jc;
    } else if (tx == 0) {                                       // w
        n = temp[ty - 1][tx] - jc; s = temp[ty + 1][tx] - jc;
        w = west[ty][tx] - jc;     e = temp[ty][tx + 1] - jc;
    } else {                                                    // inner
        n = temp[ty - 1][tx] - jc; s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc; e = temp[ty][tx + 1] - jc;
    }

    // g2 = (n*n + s*s + w*w + e*e) / (jc*jc); l = (n + s + w + e) / jc
    g2 = __fdiv_rn(fmaf(e, e, fmaf(w, w, fmaf(s, s, __fmul_rn(n, n)))), __fmul_rn(jc, jc));
    l = __fdiv_rn(__fadd_rn(__fadd_rn(__fadd_rn(n, s), w), e), jc);
    // num = (0.5*g2) - ((1.0/16.0)*(l*l)); den = 1 + (.25*l)   (double)
    num = (float)fma(-0.0625, (double)__fmul_rn(l, l), __dmul_rn(0.5, (double)g2));
    den = (float)fma(0.25, (double)l, 1.0);
    qsqr = __fdiv_rn(num, __fmul_rn(den, den));
    // diffusion coefficient (equ 33)
    den = __fdiv_rn(__fsub_rn(qsqr, q0sqr), __fmul_rn(q0sqr, __fadd_rn(1.0f, q0sqr)));
    c = (float)__ddiv_rn(1.0, __dadd_rn(1.0, (double)den));
    // saturate diffusion coefficient
    if (c < 0)
        temp_result[ty][tx] = 0;
    else if (c > 1)
        temp_result[ty][tx] = 1;
    else
        temp_result[ty][tx] = c;
    __syncthreads();

    C_cuda[index] = temp_result[ty][tx];
    E_C[index] = e;
    W_C[index] = w;
    S_C[index] = s;
    N_C[index] = n;
}

extern "C" __global__ void srad_cuda_2(const float *E_C, const float *W_C, const float *N_C,
                                       const float *S_C, float *J_cuda, const float *C_cuda,
                                       int cols, int rows, float lambda, const float *q0sqr_p)
{
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int index = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
    int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
    int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;
    float cc, cn, cs, ce, cw, d_sum;

    __shared__ float south_c[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float east_c[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float c_cuda_temp[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float c_cuda_result[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];

    temp[ty][tx] = J_cuda[index];
    __syncthreads();
    south_c[ty][tx] = C_cuda[index_s];
    if (by == gridDim.y - 1)
        south_c[ty][tx] = C_cuda[cols * BLOCK_SIZE * (gridDim.y - 1) + BLOCK_SIZE * bx +
                                 cols * (BLOCK_SIZE - 1) + tx];
    __syncthreads();
    east_c[ty][tx] = C_cuda[index_e];
    if (bx == gridDim.x - 1)
        east_c[ty][tx] = C_cuda[cols * BLOCK_SIZE * by + BLOCK_SIZE * (gridDim.x - 1) +
                                cols * ty + BLOCK_SIZE - 1];
    __syncthreads();
    c_cuda_temp[ty][tx] = C_cuda[index];
    __syncthreads();

    cc = c_cuda_temp[ty][tx];
    if (ty == BLOCK_SIZE - 1 && tx == BLOCK_SIZE - 1) {   // se
        cn = cc; cs = south_c[ty][tx]; cw = cc; ce = east_c[ty][tx];
    } else if (tx == BLOCK_SIZE - 1) {                    // e
        cn = cc; cs = c_cuda_temp[ty + 1][tx]; cw = cc; ce = east_c[ty][tx];
    } else if (ty == BLOCK_SIZE - 1) {                    // s
        cn = cc; cs = south_c[ty][tx]; cw = cc; ce = c_cuda_temp[ty][tx + 1];
    } else {                                              // inner
        cn = cc; cs = c_cuda_temp[ty + 1][tx]; cw = cc; ce = c_cuda_temp[ty][tx + 1];
    }

    // divergence (equ 58): cn*N + cs*S + cw*W + ce*E
    d_sum = fmaf(ce, E_C[index], fmaf(cw, W_C[index], fmaf(cs, S_C[index],
                                                            __fmul_rn(cn, N_C[index]))));
    // image update (equ 61): temp + 0.25*lambda*d_sum   (double)
    c_cuda_result[ty][tx] = (float)fma(__dmul_rn(0.25, (double)lambda), (double)d_sum,
                                       (double)temp[ty][tx]);
    __syncthreads();
    J_cuda[index] = c_cuda_result[ty][tx];
}
