"""A TritonSpec for `agentsched triton time|search` (needs a GPU, torch and CuPy):

    agentsched triton time agentsched/kernels/triton/examples/softmax_spec.py
    agentsched triton search agentsched/kernels/triton/examples/softmax_spec.py --budget 64

The arguments are exactly what softmax() (the tutorial's program function) passes to the
kernel for a 65536 x 2048 fp32 input, so the kernel is the one the program compiles.
"""
from agentsched.kernels.triton.examples.softmax import softmax_kernel
from agentsched.kernels.triton.spec import TritonSpec

N_ROWS, N_COLS = 65536, 2048


def args(seed: int):
    import torch
    gen = torch.Generator(device="cuda").manual_seed(seed)
    x = torch.randn(N_ROWS, N_COLS, device="cuda", generator=gen)
    y = torch.empty_like(x)
    return (y, x, x.stride(0), y.stride(0), N_ROWS, N_COLS)


SPEC = TritonSpec(
    name="softmax",
    fn=softmax_kernel,
    args=args,
    # the kernel is persistent over rows: 2 programs per SM of an H100/H200 (132 SMs)
    grid=(264,),
    kwargs=dict(BLOCK_SIZE=2048, num_stages=4, num_warps=8),
    rtol=1e-5, atol=1e-6,
)
