// Working memory an operator (or its group table) keeps from batch to batch, so that a batch of
// a few rows allocates nothing: its buffers keep their capacity. It carries no state: a copy of
// its owner (Run's copy, a step's undo copy) starts with an empty one, and whoever uses it
// clears or overwrites what it needs first.
#pragma once

#include <cstddef>

namespace streamstep {

template <class T> struct Scratch {
    T value;
    Scratch() = default;
    Scratch(const Scratch &) {}
    Scratch &operator=(const Scratch &) { return *this; }
    T *operator->() { return &value; }
    T &operator*() { return value; }
};

// Lets go of a buffer that a big batch grew, so that a run does not keep it between batches
// (nor count it as state); the usual few rows' buffer stays.
template <class Vector> void releaseIfLarge(Vector &buffer, size_t keep = 16384)
{
    if (buffer.capacity() > keep)
        Vector().swap(buffer);
}

} // namespace streamstep
