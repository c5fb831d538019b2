/*
 * MRI-Q (Parboil mri-q, seed 003 Table 21): the Q matrix of non-Cartesian
 * MRI reconstruction, in Parboil's shape; the project's own code.
 *
 * ComputePhiMag: phiMag[k] = phiR[k]^2 + phiI[k]^2. ComputeQ: each thread
 * owns one voxel (x, y, z) and adds, for the k-space samples
 * kGlobalIndex .. kGlobalIndex + numK - 1 in order, phiMag * cos(arg) to Qr
 * and phiMag * sin(arg) to Qi, arg = 2 pi (kx x + ky y + kz z); the host
 * launches it once per chunk of samples, Qr and Qi carried in global
 * memory. Departures: Parboil copies each chunk of samples into constant
 * memory before its launch; a workload file cannot write constant memory,
 * so the kernel reads them from global memory (every thread of a warp the
 * same word). The sine and cosine are __sinf and __cosf (the special-
 * function unit).
 */
#define PIx2 6.2831853071795864769252867665590058f

extern "C" __global__ void ComputePhiMag(const float *phiR, const float *phiI, float *phiMag,
                                         int numK)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < numK) {
        float real = phiR[i], imag = phiI[i];
        phiMag[i] = real * real + imag * imag;
    }
}

extern "C" __global__ void ComputeQ(int numK, int kGlobalIndex, const float *x, const float *y,
                                    const float *z, const float *kx, const float *ky,
                                    const float *kz, const float *phiMag, float *Qr, float *Qi)
{
    int xIndex = blockIdx.x * blockDim.x + threadIdx.x;
    float sX = x[xIndex], sY = y[xIndex], sZ = z[xIndex];
    float sQr = Qr[xIndex], sQi = Qi[xIndex];
    int k;
    for (k = kGlobalIndex; k < kGlobalIndex + numK; k++) {
        float expArg = PIx2 * (kx[k] * sX + ky[k] * sY + kz[k] * sZ);
        sQr += phiMag[k] * __cosf(expArg);
        sQi += phiMag[k] * __sinf(expArg);
    }
    Qr[xIndex] = sQr;
    Qi[xIndex] = sQi;
}
