"""Random number generation: threefry, rbg, unsafe_rbg, rng_bit_generator, random_bits.

All are deterministic functions of the key except `stablehlo.rng` (lax.rng_uniform),
tagged "nondeterministic": its recorded outputs are not an oracle.

Keys are passed as raw uint32 key data (npz cannot hold typed key arrays) and
wrapped inside the program.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.corpus.programs import Fill, Program, arg, program

RNG = ("rng",)


def _key(impl: str):
    return lambda data: jax.random.wrap_key_data(data, impl=impl)


_threefry = _key("threefry2x32")
_rbg = _key("rbg")
_unsafe_rbg = _key("unsafe_rbg")
THREEFRY_KEY = arg("u32", 2, fill=Fill.BITS)
RBG_KEY = arg("u32", 4, fill=Fill.BITS)


def programs() -> list[Program]:
    """RNG programs."""
    return [
        program("threefry_normal_f32", lambda k: jax.random.normal(_threefry(k), (3, 4)),
                [THREEFRY_KEY], RNG + ("threefry",)),
        program("threefry_uniform_f64",
                lambda k: jax.random.uniform(_threefry(k), (5,), jnp.float64, -2.0, 3.0),
                [THREEFRY_KEY], RNG + ("threefry",), x64=True),
        program("threefry_split_fold_in",
                lambda k: jax.random.key_data(jax.random.split(jax.random.fold_in(_threefry(k), 7),
                                                               3)),
                [THREEFRY_KEY], RNG + ("threefry",)),
        program("threefry_random_bits_u8_u64",
                lambda k: (jax.random.bits(_threefry(k), (4,), jnp.uint8),
                           jax.random.bits(_threefry(k), (3,), jnp.uint64)),
                [THREEFRY_KEY], RNG + ("threefry", "random_bits"), x64=True),
        program("threefry_randint_permutation",
                lambda k: (jax.random.randint(_threefry(k), (6,), 0, 10),
                           jax.random.permutation(_threefry(k), 8)),
                [THREEFRY_KEY], RNG + ("threefry", "sort")),
        program("threefry_categorical_bernoulli",
                lambda k, logits: (jax.random.categorical(_threefry(k), logits),
                                   jax.random.bernoulli(_threefry(k), 0.3, (5,))),
                [THREEFRY_KEY, arg("f32", 3, 4)], RNG + ("threefry",)),
        program("threefry_gamma_f32", lambda k: jax.random.gamma(_threefry(k), 2.5, (4,)),
                [THREEFRY_KEY], RNG + ("threefry", "while")),
        program("threefry_dropout_f32",
                lambda k, x: jnp.where(jax.random.bernoulli(_threefry(k), 0.9, x.shape), x / 0.9,
                                       0.0),
                [THREEFRY_KEY, arg("f32", 4, 4)], RNG + ("threefry",)),
        program("rbg_normal_f32", lambda k: jax.random.normal(_rbg(k), (3, 4)), [RBG_KEY],
                RNG + ("rbg",)),
        program("rbg_random_bits_u32", lambda k: jax.random.bits(_rbg(k), (2, 5)), [RBG_KEY],
                RNG + ("rbg", "random_bits")),
        program("rbg_split_uniform_bf16",
                lambda k: jax.random.uniform(jax.random.split(_rbg(k))[1], (6,), jnp.bfloat16),
                [RBG_KEY], RNG + ("rbg",)),
        program("unsafe_rbg_normal_f32", lambda k: jax.random.normal(_unsafe_rbg(k), (4,)),
                [RBG_KEY], RNG + ("rbg",)),
        program("rng_bit_generator_default_u32",
                lambda k: lax.rng_bit_generator(k, (3, 4), jnp.uint32),
                [RBG_KEY], RNG + ("rng_bit_generator",)),
        program("rng_bit_generator_three_fry_u64",
                lambda k: lax.rng_bit_generator(k, (5,), jnp.uint64,
                                                algorithm=lax.RandomAlgorithm.RNG_THREE_FRY),
                [arg("u64", 2, fill=Fill.BITS)], RNG + ("rng_bit_generator",)),
        program("rng_bit_generator_philox_u8",
                lambda k: lax.rng_bit_generator(k, (2, 8), jnp.uint8,
                                                algorithm=lax.RandomAlgorithm.RNG_PHILOX),
                [RBG_KEY], RNG + ("rng_bit_generator",)),
        program("rng_bit_generator_philox_f32_bits",
                lambda k: lax.rng_bit_generator(k, (4,), jnp.uint32,
                                                algorithm=lax.RandomAlgorithm.RNG_PHILOX),
                [arg("u64", 2, fill=Fill.BITS)], RNG + ("rng_bit_generator",)),
        program("rng_uniform_f32", lambda lo, hi: lax.rng_uniform(lo, hi, (3, 2)),
                [arg("f32", fill=Fill.UNIFORM, low=-1, high=0),
                 arg("f32", fill=Fill.UNIFORM, low=1, high=2)], RNG + ("rng", "nondeterministic")),
    ]
