#pragma once
// Writes the self-contained HTML report of a project (inline CSS, no external resources) so it
// can be mailed or attached as it is.
#include "core/result.h"

#include <QString>

namespace assay {

class Project;

class ReportWriter {
public:
    explicit ReportWriter(const Project &project);
    QString html() const;
    Status writeHtml(const QString &path) const;

private:
    const Project &m_project;
};

} // namespace assay
