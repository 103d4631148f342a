#pragma once
// The one place that decides which KnowledgeSource reads a project's knowledge
// (docs/ARCHITECTURE.md, "A knowledge source"). Each kind is registered once with what
// link locations it takes and what it is like; the first kind that takes a location opens it.
// The project's own tables are the kind that takes no location.
#include "schema/knowledgesource.h"

#include <functional>

namespace assay {

class KnowledgeBase;

class KnowledgeSourceRegistry {
public:
    struct Kind {
        QString id;
        // Takes this link location (empty: the knowledge is the project's own tables).
        std::function<bool(const QString &location)> takes;
        // knowledge: null when opening a location on its own (openLocation).
        std::function<Result<std::unique_ptr<KnowledgeSource>>(const KnowledgeBase *knowledge, const QString &location)> open;
        // The rows are reached over a network: a link check (LinkCheck) counts them and keeps a
        // preview, and whether the rows answer is known only from that check.
        bool remote = false;
        // The location as the project stores it (a file: its absolute path); null keeps it.
        std::function<QString(const QString &location)> canonical;
        // Names the location in messages before it is opened (a server: never its password).
        std::function<QString(const QString &location)> describe;
        // The SQL the source reads at this location.
        std::function<SqlDialect(const QString &location)> dialect;
    };
    // Registers a kind ahead of the built-in ones (a test's source, a plug-in).
    static void add(Kind kind);
    // The kind of the knowledge's source, or null when no kind takes it.
    static const Kind *kindOf(const QString &location);
    static Result<std::unique_ptr<KnowledgeSource>> open(const KnowledgeBase &knowledge);
    // The dialect the knowledge's source reads (SQLite when no kind takes it: opening says why).
    static SqlDialect dialectOf(const KnowledgeBase &knowledge);
    static QString describe(const QString &location);
    static QString canonical(const QString &location);
    static Result<std::unique_ptr<KnowledgeSource>> openLocation(const QString &location);
    static QStringList ids();
};

} // namespace assay
