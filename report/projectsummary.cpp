#include "report/projectsummary.h"

#include "generation/generationreadstore.h"
#include "overview/projectprogress.h"
#include "project/project.h"
#include "schema/knowledgebase.h"

#include <QString>

namespace assay {

Result<QMap<QString, qint64>> ProjectSummary::counts(const Project &project)
{
    using R = Result<QMap<QString, qint64>>;
    auto read = project.counts();
    if (!read)
        return R::failure(read);
    // The project is only read: the store takes the connection as it is.
    auto groups = GenerationReadStore(const_cast<Project &>(project).database()).groupCount();
    if (!groups)
        return R::failure(groups);
    QMap<QString, qint64> out = read.take();
    out.insert(QStringLiteral("semantic_groups"), groups.value().groups);
    return out;
}

Result<nlohmann::json> ProjectSummary::toJson(const Project &project)
{
    nlohmann::json j;
    j["path"] = project.path().toStdString();
    j["name"] = project.name().toStdString();
    j["schema_version"] = project.schemaVersion();
    j["created_with"] = project.property(QStringLiteral("created_with")).toStdString();
    const KnowledgeBase *kb = project.service<KnowledgeBase>();
    j["tables"] = nlohmann::json::array();
    for (const KnowledgeTable &t : kb->tables()) {
        nlohmann::json table;
        table["name"] = t.name.toStdString();
        auto rows = kb->rowCount(t.id);
        table["rows"] = rows ? nlohmann::json(rows.value()) : nlohmann::json(nullptr);
        if (!t.description.isEmpty())
            table["description"] = t.description.toStdString();
        table["columns"] = nlohmann::json::array();
        for (const KnowledgeColumn &c : t.columns) {
            nlohmann::json col{{"name", c.name.toStdString()}, {"type", c.type.toStdString()}, {"pk", c.primaryKey},
                               {"fk", c.foreignKey ? nlohmann::json(kb->qualifiedName(c.foreignKey).toStdString())
                                                   : nlohmann::json(nullptr)},
                               {"meaningful", c.meaningful}};
            if (!c.description.isEmpty())
                col["description"] = c.description.toStdString();
            table["columns"].push_back(col);
        }
        j["tables"].push_back(table);
    }
    j["knowledge_source"] = kb->source() == KnowledgeBase::Source::Linked
                                ? nlohmann::json{{"kind", "linked"}, {"path", kb->linkedPath().toStdString()}}
                                : nlohmann::json{{"kind", kb->tables().isEmpty() ? "none" : "embedded"}};
    if (kb->isRemote()) {
        const LinkCheck::State &link = kb->linkState();
        j["knowledge_source"]["server"] = link.where.toStdString();
        j["knowledge_source"]["reachable"] = link.checked ? nlohmann::json(link.reachable()) : nlohmann::json(nullptr);
        if (!link.error.isEmpty())
            j["knowledge_source"]["error"] = link.error.toStdString();
        if (link.checked)
            j["knowledge_source"]["checked_at"] = link.checkedAt.toStdString();
    }
    if (!kb->importedFrom().isEmpty() && !kb->tables().isEmpty()) {
        j["knowledge_source"]["imported_from"] = kb->importedFrom().toStdString();
        j["knowledge_source"]["imported_at"] = kb->importedAt().toStdString();
    }
    nlohmann::json counts = nlohmann::json::object();
    auto read = ProjectSummary::counts(project);
    if (!read)
        return Result<nlohmann::json>::failure(read);
    const auto c = read.take();
    for (auto it = c.begin(); it != c.end(); ++it)
        counts[it.key().toStdString()] = it.value();
    j["counts"] = counts;
    return j;
}

Result<QString> ProjectSummary::render(const Project &project, bool json)
{
    if (!json)
        return toText(project);
    auto j = toJson(project);
    if (!j)
        return Result<QString>::failure(j);
    return QString::fromStdString(j.value().dump(2)) + QLatin1Char('\n');
}

Result<QString> ProjectSummary::toText(const Project &project)
{
    QString out;
    out += QStringLiteral("Project:        %1\n").arg(project.name());
    out += QStringLiteral("File:           %1\n").arg(project.path());
    out += QStringLiteral("Schema version: %1\n").arg(project.schemaVersion());
    auto read = ProjectSummary::counts(project);
    if (!read)
        return Result<QString>::failure(read);
    const auto c = read.take();
    for (auto it = c.begin(); it != c.end(); ++it)
        out += QStringLiteral("%1 %2\n").arg(it.key() + QLatin1Char(':'), -18).arg(it.value());
    const KnowledgeBase *kb = project.service<KnowledgeBase>();
    if (kb->isRemote()) {
        const LinkCheck::State &link = kb->linkState();
        out += QStringLiteral("Knowledge:      linked read-only to %1 (the rows stay on the server)\n").arg(link.where.isEmpty() ? kb->linkedPath() : link.where);
        if (link.checked && !link.reachable())
            out += QStringLiteral("                cannot be reached: %1; every stored result is kept, and generation waits for the server\n").arg(link.error);
    } else if (kb->isLinked()) {
        out += QStringLiteral("Knowledge:      linked read-only to %1\n").arg(kb->linkedPath());
    }
    if (!kb->isLinked() && !kb->importedFrom().isEmpty() && !kb->tables().isEmpty())
        out += QStringLiteral("Knowledge:      imported from %1 (%2)\n").arg(kb->importedFrom(), kb->importedAt());
    for (const KnowledgeTable &t : kb->tables()) {
        auto rows = kb->rowCount(t.id);
        out += rows ? QStringLiteral("\nTable %1 (%2 rows)\n").arg(t.name).arg(rows.value())
                    : kb->isRemote() ? QStringLiteral("\nTable %1 (rows on the server, not counted)\n").arg(t.name)
                                           : QStringLiteral("\nTable %1 (%2)\n").arg(t.name, rows.error());
        for (const KnowledgeColumn &col : t.columns) {
            QStringList notes;
            if (col.primaryKey)
                notes << QStringLiteral("primary key");
            if (col.foreignKey)
                notes << QStringLiteral("→ ") + kb->qualifiedName(col.foreignKey);
            if (!col.meaningful)
                notes << QStringLiteral("not used in questions");
            out += QStringLiteral("  %1 %2 %3\n").arg(col.name, -22).arg(col.type, -9).arg(notes.join(QStringLiteral(", ")));
        }
    }
    return out;
}

Result<nlohmann::json> ProjectSummary::stepsJson(Project &project)
{
    auto steps = ProjectProgress::read(project);
    if (!steps)
        return Result<nlohmann::json>::failure(steps);
    nlohmann::json out = nlohmann::json::array();
    for (const ProjectProgress::Item &it : steps.value())
        out.push_back({{"step", int(it.step) + 1},
                       {"title", it.title.toStdString()},
                       {"state", ProjectProgress::stateName(it.state).toStdString()},
                       {"detail", it.detail.toStdString()},
                       {"action", it.actionId}});
    return out;
}

Result<QString> ProjectSummary::stepsText(Project &project)
{
    auto steps = ProjectProgress::read(project);
    if (!steps)
        return Result<QString>::failure(steps);
    QString out = QStringLiteral("\nGetting started (as on the Overview page):\n");
    for (const ProjectProgress::Item &it : steps.value())
        out += QStringLiteral("  %1 %2. %3: %4\n").arg(ProjectProgress::stateName(it.state), -7).arg(int(it.step) + 1, 2).arg(it.title, it.detail);
    return out;
}

} // namespace assay
