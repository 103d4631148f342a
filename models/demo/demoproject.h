#pragma once
// Builds the bundled demo project: a fictional organisation's knowledge base and documents,
// so every feature can be tried without data of one's own or an LLM.
#include "core/result.h"

#include <QString>

namespace assay {

class Job;

class DemoProject {
public:
    // Writes a new project at path (which must not exist yet). job may be null.
    static Status build(const QString &path, Job *job = nullptr);
    // The sample to start from (File → New Project from Sample…): the demo's knowledge
    // tables and documents, nothing generated and no ground truth, so every step of the job
    // is the user's own.
    static Status buildSample(const QString &path, const QString &name = {}, Job *job = nullptr);
    static QString defaultName();
};

} // namespace assay
