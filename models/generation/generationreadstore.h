#pragma once
// The streaming read side of the generation aggregate: the accepted text templates with
// their SQL, every semantic group, every text query, row by row, for the renderers and
// indexes that hold hundreds of thousands of queries. Writes go through GenerationStore.
#include "core/result.h"

#include <QString>
#include <QVector>

#include <functional>

namespace assay {

class Database;

class GenerationReadStore {
public:
    // A text template whose SQL template and itself are both accepted.
    struct AcceptedText {
        qint64 id = 0;
        qint64 sqlTemplateId = 0;
        QString form;
        QString text;
        QString sql;
        QString tables;
    };
    struct Group {
        qint64 id = 0;
        qint64 sqlTemplateId = 0;
        QString valuesJson;
        QString answer;
    };
    struct Query {
        qint64 id = 0;
        qint64 groupId = 0;
        qint64 textTemplateId = 0;
        bool rejected = false;
    };
    // An accepted query of accepted templates, with its group's values, answer and documents.
    struct AcceptedQuery {
        qint64 id = 0;
        qint64 groupId = 0;
        qint64 sqlTemplateId = 0;
        qint64 textTemplateId = 0;
        QString form;
        QString valuesJson;
        QString answer;
        QString documentIdsJson;
    };
    // How much is generated: items per kind, and how many of them are accepted.
    struct Tally {
        qint64 sqlTemplates = 0, sqlAccepted = 0, sqlInReview = 0;
        qint64 textTemplates = 0, textAccepted = 0;
        qint64 queries = 0, queriesAccepted = 0;
    };
    // The semantic groups an evaluation is about (docs/METHODS.md §1.6, "Which groups are
    // counted"): the groups of accepted SQL templates that have at least one accepted text query
    // of an accepted text template, i.e. the groups whose queries a run asks and an analysis tags.
    // Every "semantic groups" figure (the Overview page, `assay-cli info`, the report) is this one.
    struct GroupCount {
        qint64 groups = 0;         // as above
        qint64 withoutQueries = 0; // further groups of accepted SQL templates with no such query (yet)
    };
    enum class Order { ById, ByGroup };

    explicit GenerationReadStore(Database &db);
    Result<QVector<AcceptedText>> acceptedTexts() const;
    Status forEachGroup(const std::function<void(const Group &)> &visit) const;
    Result<qint64> queryCount() const;
    Result<Tally> tally() const;
    Result<GroupCount> groupCount() const;
    Status forEachQuery(const std::function<void(const Query &)> &visit) const;
    // visit returns false to stop early; an empty form means every form.
    Status forEachAcceptedQuery(const QString &form, Order order, const std::function<bool(const AcceptedQuery &)> &visit) const;
    // Mean length in characters of the text templates (0 without any).
    Result<double> meanTextTemplateLength() const;

private:
    Database &m_db;
};

} // namespace assay
