#pragma once
// Which items of a run a person labels next (docs/METHODS.md §5.9): a seeded order
// over every executed item, so that the same rule and seed give the same sample in every
// session and labelled items simply drop out of it.
//   random        a uniform random order: what the prediction-powered interval assumes;
//   stratified    the judge's Correct and Incorrect verdicts alternately, each in random order;
//   disagreement  items whose judges, or a judge's repeated verdicts, disagree most first
//                 (ties in random order).
#include "core/result.h"

#include <QHash>
#include <QStringList>
#include <QVector>

#include <optional>

namespace assay {

class Database;

class LabelQueue {
public:
    enum class Rule { Random, Stratified, Disagreement };
    static QString ruleName(Rule rule);
    static std::optional<Rule> parseRule(const QString &name);
    static QStringList ruleNames();

    struct Order {
        QVector<qint64> items; // every executed item, in labelling order
        // Disagreement: the item's share of minority votes (each judge's verdict, or each of a
        // repeated judge's votes).
        QHash<qint64, double> disagreement;
        int judges = 0; // scoring judges the rule read
        QString note;   // why a rule fell back ("one judge only: the order is random")
    };
    // judge: the judge the stratified rule reads (empty: the run's first scoring judge).
    static Result<Order> order(Database &db, const QString &run, Rule rule, quint64 seed, const QString &judge = {});
};

} // namespace assay
