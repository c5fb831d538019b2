// SobelFilter (CUDA SDK): Sobel edge detection of an 8-bit image read
// through a 2-D texture, as the sample's SobelTex kernel does it: block b
// filters row b, its threads striding along the row; each pixel's 3 x 3
// neighbourhood is fetched with tex2D<unsigned char> at integer
// coordinates (point filtering, clamped addressing, so edges repeat), and
// the gradient magnitude |Gx| + |Gy| is scaled by fScale and clamped to
// 0..255. The project's own code in the sample's shape.
#include <cuda_runtime.h>

__device__ unsigned char ComputeSobel(unsigned char ul, unsigned char um, unsigned char ur,
                                      unsigned char ml, unsigned char mm, unsigned char mr,
                                      unsigned char ll, unsigned char lm, unsigned char lr,
                                      float fScale)
{
    short Horz = ur + 2 * mr + lr - ul - 2 * ml - ll;
    short Vert = ul + 2 * um + ur - ll - 2 * lm - lr;
    short Sum = (short)(fScale * (abs((int)Horz) + abs((int)Vert)));
    (void)mm;
    if (Sum < 0) return 0;
    if (Sum > 0xff) return 0xff;
    return (unsigned char)Sum;
}

extern "C" __global__ void SobelTex(unsigned char *pSobelOriginal, unsigned int Pitch, int w,
                                    int h, float fScale, cudaTextureObject_t tex)
{
    unsigned char *pSobel = pSobelOriginal + blockIdx.x * Pitch;
    for (int i = threadIdx.x; i < w; i += blockDim.x) {
        float x = (float)i, y = (float)blockIdx.x;
        unsigned char pix00 = tex2D<unsigned char>(tex, x - 1, y - 1);
        unsigned char pix01 = tex2D<unsigned char>(tex, x + 0, y - 1);
        unsigned char pix02 = tex2D<unsigned char>(tex, x + 1, y - 1);
        unsigned char pix10 = tex2D<unsigned char>(tex, x - 1, y + 0);
        unsigned char pix11 = tex2D<unsigned char>(tex, x + 0, y + 0);
        unsigned char pix12 = tex2D<unsigned char>(tex, x + 1, y + 0);
        unsigned char pix20 = tex2D<unsigned char>(tex, x - 1, y + 1);
        unsigned char pix21 = tex2D<unsigned char>(tex, x + 0, y + 1);
        unsigned char pix22 = tex2D<unsigned char>(tex, x + 1, y + 1);
        pSobel[i] = ComputeSobel(pix00, pix01, pix02, pix10, pix11, pix12, pix20, pix21, pix22,
                                 fScale);
    }
}
