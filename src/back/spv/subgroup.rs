//! Subgroup and quad builtins (`OpGroupNonUniform*`).

use spirv::{Capability, GroupOperation, Op, Scope};

use super::function::FnCtx;
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{Expression, SubgroupOp as S};
use crate::span::Span;

impl Writer<'_> {
    /// Writes a subgroup builtin; returns its result id.
    pub(super) fn subgroup(
        &mut self,
        cx: &mut FnCtx,
        op: S,
        args: &[Handle<Expression>],
        result: Handle<Expression>,
        span: Span,
    ) -> R<u32> {
        let t = self.expr_type(cx, result)?;
        let scope = self.u32_const(Scope::Subgroup as u32);
        let mut a = [0u32; 2];
        for (i, &arg) in args.iter().enumerate().take(2) {
            a[i] = self.expr(cx, arg)?;
        }
        let arg0 = |n: usize| {
            if args.len() >= n {
                Ok(())
            } else {
                Err(err("subgroup builtin is missing an argument", span))
            }
        };
        let scalar = match args.first() {
            Some(&x) => self.inner(cx, x)?.scalar(),
            None => None,
        };
        // The invocation id / lane index operand must be unsigned in
        // SPIR-V; WGSL allows i32 (the value is then non-negative or the
        // result is undefined in both languages).
        if matches!(
            op,
            S::Broadcast
                | S::Shuffle
                | S::ShuffleXor
                | S::ShuffleUp
                | S::ShuffleDown
                | S::QuadBroadcast
        ) && args.len() >= 2
            && self
                .inner(cx, args[1])?
                .scalar()
                .is_some_and(|s| s.is_signed_integer())
        {
            a[1] = match self.const_index(cx, args[1]) {
                Some(v) => self.u32_const(v as u32),
                None => {
                    let u = self.u32_type();
                    self.emit(cx, Op::Bitcast, u, &[a[1]])
                }
            };
        }
        let float = scalar.is_some_and(|s| s.is_float());
        let signed = scalar.is_some_and(|s| s.is_signed_integer());
        self.s.cap(Capability::GroupNonUniform);
        let arith = |o: S| match o {
            S::Add | S::ExclusiveAdd | S::InclusiveAdd => Some(if float {
                Op::GroupNonUniformFAdd
            } else {
                Op::GroupNonUniformIAdd
            }),
            S::Mul | S::ExclusiveMul | S::InclusiveMul => Some(if float {
                Op::GroupNonUniformFMul
            } else {
                Op::GroupNonUniformIMul
            }),
            S::And => Some(Op::GroupNonUniformBitwiseAnd),
            S::Or => Some(Op::GroupNonUniformBitwiseOr),
            S::Xor => Some(Op::GroupNonUniformBitwiseXor),
            S::Min => Some(if float {
                Op::GroupNonUniformFMin
            } else if signed {
                Op::GroupNonUniformSMin
            } else {
                Op::GroupNonUniformUMin
            }),
            S::Max => Some(if float {
                Op::GroupNonUniformFMax
            } else if signed {
                Op::GroupNonUniformSMax
            } else {
                Op::GroupNonUniformUMax
            }),
            _ => None,
        };
        if let Some(o) = arith(op) {
            arg0(1)?;
            self.s.cap(Capability::GroupNonUniformArithmetic);
            let group = match op {
                S::ExclusiveAdd | S::ExclusiveMul => GroupOperation::ExclusiveScan,
                S::InclusiveAdd | S::InclusiveMul => GroupOperation::InclusiveScan,
                _ => GroupOperation::Reduce,
            };
            return Ok(self.emit(cx, o, t, &[scope, group as u32, a[0]]));
        }
        let id = match op {
            S::All | S::Any => {
                arg0(1)?;
                self.s.cap(Capability::GroupNonUniformVote);
                let o = if op == S::All {
                    Op::GroupNonUniformAll
                } else {
                    Op::GroupNonUniformAny
                };
                self.emit(cx, o, t, &[scope, a[0]])
            }
            S::Ballot => {
                self.s.cap(Capability::GroupNonUniformBallot);
                let pred = if args.is_empty() {
                    self.bool_const(true)
                } else {
                    a[0]
                };
                self.emit(cx, Op::GroupNonUniformBallot, t, &[scope, pred])
            }
            S::Elect => self.emit(cx, Op::GroupNonUniformElect, t, &[scope]),
            S::Broadcast => {
                arg0(2)?;
                self.s.cap(Capability::GroupNonUniformBallot);
                self.emit(cx, Op::GroupNonUniformBroadcast, t, &[scope, a[0], a[1]])
            }
            S::BroadcastFirst => {
                arg0(1)?;
                self.s.cap(Capability::GroupNonUniformBallot);
                self.emit(cx, Op::GroupNonUniformBroadcastFirst, t, &[scope, a[0]])
            }
            S::Shuffle | S::ShuffleXor => {
                arg0(2)?;
                self.s.cap(Capability::GroupNonUniformShuffle);
                let o = if op == S::Shuffle {
                    Op::GroupNonUniformShuffle
                } else {
                    Op::GroupNonUniformShuffleXor
                };
                self.emit(cx, o, t, &[scope, a[0], a[1]])
            }
            S::ShuffleUp | S::ShuffleDown => {
                arg0(2)?;
                self.s.cap(Capability::GroupNonUniformShuffleRelative);
                let o = if op == S::ShuffleUp {
                    Op::GroupNonUniformShuffleUp
                } else {
                    Op::GroupNonUniformShuffleDown
                };
                self.emit(cx, o, t, &[scope, a[0], a[1]])
            }
            S::QuadBroadcast => {
                arg0(2)?;
                self.s.cap(Capability::GroupNonUniformQuad);
                self.emit(
                    cx,
                    Op::GroupNonUniformQuadBroadcast,
                    t,
                    &[scope, a[0], a[1]],
                )
            }
            S::QuadSwapX | S::QuadSwapY | S::QuadSwapDiagonal => {
                arg0(1)?;
                self.s.cap(Capability::GroupNonUniformQuad);
                let dir = match op {
                    S::QuadSwapX => 0,
                    S::QuadSwapY => 1,
                    _ => 2,
                };
                let dir = self.u32_const(dir);
                self.emit(cx, Op::GroupNonUniformQuadSwap, t, &[scope, a[0], dir])
            }
            _ => return Err(err("unsupported subgroup builtin", span)),
        };
        Ok(id)
    }
}
