#pragma once
// Brings SQL templates from any source into a project: validates each, fills it in against
// the knowledge base, measures its singular-answer rate and stores it with its semantic
// groups. Invalid → rejected with the reason; below the threshold or never answered → kept
// for review (flagged, not dropped); otherwise accepted.
#include "core/curationstate.h"
#include "core/result.h"
#include "generation/fillinengine.h"

#include <QStringList>

namespace assay {

class Project;
class GroupStore;
class Job;
class KnowledgeConnection;
struct SqlTemplateRecord;

class SqlTemplateIntake {
public:
    static constexpr double defaultThreshold = 0.95;

    struct Report {
        int accepted = 0;
        int review = 0;
        int rejected = 0;
        qint64 groups = 0;
        int unchanged = 0;         // templates generated again whose groups came out the same: kept as they were
        int changed = 0;           // templates generated again whose groups changed
        qint64 queriesRemoved = 0; // the text queries of those
        int total() const { return accepted + review + rejected; }
    };

    explicit SqlTemplateIntake(Project &project, double threshold = defaultThreshold);
    // Fills in against this connection to the knowledge tables instead of materialising them
    // again for each add() (it must outlive the intake and show the project's knowledge).
    void useConnection(const KnowledgeConnection *connection) { m_connection = connection; }
    // Whether a template generated again whose groups changed may take its text queries with it
    // (false by default: add() then refuses with ErrorCode::WouldRemove, naming how many, and
    // leaves the project as it was).
    void allowRemovals(bool allow) { m_allowRemovals = allow; }
    // The job (optional) gets progress — templates done plus the current template's share,
    // with its groups and groups/s — and can cancel; a cancel leaves the project as it was.
    Result<Report> add(const QStringList &sqls, const QString &source, Job *job = nullptr);
    // Validates and measures a stored template again (after its SQL changed); returns its new state.
    Result<CurationState> remeasure(qint64 sqlTemplateId);

private:
    // Fills a template in, its groups written into the project as they are read.
    Result<FillInEngine::Outcome> fillStreamed(FillInEngine &engine, GroupStore &groups, const SqlTemplateRecord &record, Job *job);

    Project &m_project;
    double m_threshold;
    const KnowledgeConnection *m_connection = nullptr;
    bool m_allowRemovals = false;
};

} // namespace assay
