#!/usr/bin/env python3
"""The GPU's ceilings, for hlox's CUDA timings of the same run: the
device-to-device copy bandwidth (a 1 GiB copy) and cuBLAS's f32 and bf16
matrix products (through PyTorch, at 8192^3 and at the workloads' 1024^3 and
2048^3), each the median of 20 timed runs with CUDA events."""
import statistics

import torch


def timed(fn, runs=20):
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def main():
    print("gpu:", torch.cuda.get_device_name(0))
    source = torch.empty(1 << 28, dtype=torch.float32, device="cuda")
    target = torch.empty_like(source)
    ms = timed(lambda: target.copy_(source))
    moved = 2 * source.numel() * 4
    print(f"copy: {ms:.3f} ms, {moved / ms / 1e6:.0f} GB/s read+write")
    del source, target
    torch.backends.cuda.matmul.allow_tf32 = False
    for dtype, name in ((torch.float32, "f32"), (torch.bfloat16, "bf16")):
        for n in (1024, 2048, 8192):
            a = torch.randn(n, n, dtype=dtype, device="cuda")
            b = torch.randn(n, n, dtype=dtype, device="cuda")
            ms = timed(lambda: torch.matmul(a, b))
            print(f"cublas {name} {n}^3: {ms:.3f} ms, "
                  f"{2 * n ** 3 / ms / 1e9:.1f} TFLOP/s")


if __name__ == "__main__":
    main()
