#include "demo/demoproject.h"

#include "core/job.h"
#include "demo/democorpus.h"
#include "demo/demogrounding.h"
#include "demo/demoworld.h"
#include "retrieval/corpusimporter.h"
#include "project/project.h"
#include "generation/generationstore.h"
#include "generation/ruleenumerator.h"
#include "generation/sqltemplateintake.h"
#include "generation/texttemplateintake.h"
#include "schema/knowledgeimporter.h"
#include "schema/knowledgebase.h"


namespace assay {

QString DemoProject::defaultName() { return QStringLiteral("Assay demo"); }

namespace {
enum class Contents { Sample, Full };
Status write(const QString &path, const QString &name, Contents contents, Job *job);
} // namespace

Status DemoProject::build(const QString &path, Job *job) { return write(path, defaultName(), Contents::Full, job); }

Status DemoProject::buildSample(const QString &path, const QString &name, Job *job)
{
    return write(path, name.isEmpty() ? QStringLiteral("Assay sample") : name, Contents::Sample, job);
}

namespace {

Status write(const QString &path, const QString &name, Contents contents, Job *job)
{
    const int steps = contents == Contents::Full ? 5 : 2;
    if (job)
        job->reportProgress(0, steps, QStringLiteral("Reading the demo world"));
    auto world = DemoWorld::load();
    if (!world)
        return Status::failure(world.error());
    auto project = Project::create(path, name);
    if (!project)
        return Status::failure(project.error());
    if (auto s = project.value()->setProperty(
            QStringLiteral("description"),
            QStringLiteral("%1, a fictional civil and environmental engineering consultancy: its offices, staff, "
                           "clients and projects, with documents written from them.")
                .arg(DemoWorld::organisation()));
        !s)
        return s;
    if (job && job->isCancelled())
        return Status::cancelled();
    if (job)
        job->reportProgress(1, steps, QStringLiteral("Importing the knowledge tables"));
    auto imported = KnowledgeImporter::import(*project.value(), world.value(), {});
    if (!imported)
        return Status::failure(imported.error());
    // The documents written from the rows become the demo corpus, one chunk per document.
    auto corpus = DemoCorpus::generate(world.value());
    if (!corpus)
        return Status::failure(corpus.error());
    QVector<CorpusImporter::Document> documents;
    for (const DemoDocument &d : corpus.value().documents())
        documents.append({d.id, d.title, d.text(), QStringLiteral("{}"), QStringLiteral("demo")});
    if (auto r = CorpusImporter::import(*project.value(), documents, {}); !r)
        return Status::failure(r.error());
    if (contents == Contents::Sample) {
        if (job)
            job->reportProgress(steps, steps, QStringLiteral("Sample project written"));
        return {};
    }
    // GRAMMAR-Gen without an LLM: rule templates, three offline text templates per form,
    // balanced queries.
    if (job)
        job->reportProgress(2, steps, QStringLiteral("Generating SQL templates"));
    Project &p = *project.value();
    if (auto r = SqlTemplateIntake(p).add(RuleEnumerator::enumerate(*p.service<KnowledgeBase>()), QStringLiteral("rules")); !r)
        return Status::failure(r.error());
    if (job)
        job->reportProgress(3, steps, QStringLiteral("Writing text templates"));
    if (auto r = TextTemplateIntake(p).generateOffline({QStringLiteral("short"), QStringLiteral("long")}, 3); !r)
        return Status::failure(r.error());
    if (job)
        job->reportProgress(4, steps, QStringLiteral("Filling in queries"));
    if (auto r = GenerationStore(p.database()).rebuildQueries(true); !r)
        return Status::failure(r.error());
    if (auto r = DemoGrounding::assign(p.database(), corpus.value()); !r)
        return Status::failure(r.error());
    if (job)
        job->reportProgress(steps, steps, QStringLiteral("Demo project written"));
    return {};
}

} // namespace

} // namespace assay
