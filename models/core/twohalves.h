#pragma once
// Runs body(begin, end) over [0, count): when the work is worth a thread and the machine has
// a second core, the second half runs on a thread of its own while this one does the first.
// Each half must write only its own slots.
#include <thread>
#include "core/vectorstate.h"

namespace assay {

template<typename Body>
void inTwoHalves(bool worthAThread, int count, const Body &body)
{
    // Both halves start with clean vector registers (core/vectorstate.h): the bodies are the
    // numeric loops the dirty state slows.
    clearUpperVectorState();
    if (worthAThread && count >= 2 && std::thread::hardware_concurrency() > 1) {
        std::thread second([&body, count] {
            clearUpperVectorState();
            body(count / 2, count);
        });
        body(0, count / 2);
        second.join();
    } else {
        body(0, count);
    }
}

} // namespace assay
