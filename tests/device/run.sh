#!/bin/bash
# Runs the device checks on a machine with an NVIDIA GPU and nvcc, writing
# what the GPU printed into the folder given (default tests/device/out):
# compare with tests/device/h100/ (README.md there says what each file is).
#   bash tests/device/run.sh [OUT_DIR]
set -eu
cd "$(dirname "$0")/../.."
out=${1:-tests/device/out}
mkdir -p "$out"
arch=${GS_DEVICE_ARCH:-native}
make -s -j"$(nproc)" build/gpusim
# the printf example's input, as tests/workload/printf.gsw makes it
sed 's/^output OUT/output IN OUT/' tests/workload/printf.gsw > tests/workload/printf-in.gsw
build/gpusim --functional --workload tests/workload/printf-in.gsw --dump-buffers "$out/ref" \
    > "$out/gpusim_printf.txt"
rm -f tests/workload/printf-in.gsw
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
nvcc --version | tail -2 >> "$out/gpu.txt"
nvcc -O3 -arch="$arch" -o "$out/printf_driver" tests/device/printf_driver.cu
"$out/printf_driver" "$out/ref/IN.bin" "$out/printf_OUT.bin" > "$out/printf_stdout.txt"
nvcc -arch="$arch" -w -o "$out/printf_cases" tests/device/printf_cases.cu
"$out/printf_cases" "$out/printf_cases_rets.txt" > "$out/printf_cases.txt"
nvcc -arch="$arch" -w -o "$out/printf_edge" tests/device/printf_edge.cu
"$out/printf_edge" "$out/printf_edge_rets.txt" > "$out/printf_edge.txt"
nvcc -O3 -arch="$arch" -o "$out/tex_probe" tests/device/tex_probe.cu
"$out/tex_probe" "$out/tex_probe.txt"
nvcc -O3 -arch="$arch" -o "$out/tex_probe2" tests/device/tex_probe2.cu
"$out/tex_probe2" "$out/tex_probe2.txt"
nvcc -O3 -arch="$arch" -o "$out/tex_probe3" tests/device/tex_probe3.cu
"$out/tex_probe3" "$out/tex_probe3.bin"
nvcc -O3 -arch="$arch" -o "$out/tex_latency" tests/device/tex_latency.cu
"$out/tex_latency" "$out/tex_latency.txt"
# examples/kernels/texture.cu on tests/workload/texture.gsw's inputs
sed 's/^output /output TEXF TEX4 TEXF2 TEXI TEX1 TEXLIN TEX3 TEXL SURFIN U V W UN VN /' \
    tests/workload/texture.gsw > tests/workload/texture-in.gsw
build/gpusim --functional --workload tests/workload/texture-in.gsw --dump-buffers "$out/texture-in" \
    > /dev/null
rm -f tests/workload/texture-in.gsw
mkdir -p "$out/texture"
nvcc -O3 -arch="$arch" -o "$out/texture_driver" tests/device/texture_driver.cu
"$out/texture_driver" "$out/texture-in" "$out/texture"
echo "device checks written to $out"
