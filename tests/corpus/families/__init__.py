"""Program families of the corpus, one module per area; each exposes `programs()`."""

from tests.corpus.families import (autodiff, control_flow, conversions, data_movement, dot_conv,
                                   elementwise, fft_linalg, indexing, models, random, reductions,
                                   special, spmd)

FAMILIES = (
    elementwise.programs,
    conversions.programs,
    data_movement.programs,
    indexing.programs,
    dot_conv.programs,
    reductions.programs,
    control_flow.programs,
    autodiff.programs,
    random.programs,
    fft_linalg.programs,
    special.programs,
    models.programs,
    spmd.programs,
)
