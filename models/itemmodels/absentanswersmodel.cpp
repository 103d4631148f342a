#include "itemmodels/absentanswersmodel.h"

namespace assay {

void AbsentAnswersModel::setReport(const AbsentAnswers::Report &report)
{
    beginResetModel();
    m_report = report;
    m_alias.clear();
    m_checked.clear();
    for (const AbsentAnswers::Value &v : m_report.values) {
        m_alias << (v.proposals.isEmpty() ? QString() : v.proposals.front().alias);
        m_checked << false;
    }
    endResetModel();
}

QVector<ValueAlias> AbsentAnswersModel::aliasesToStore() const
{
    QVector<ValueAlias> out;
    for (int r = 0; r < m_report.values.size(); ++r) {
        if (!m_checked[r] || m_alias[r].trimmed().isEmpty())
            continue;
        const AbsentAnswers::Value &v = m_report.values[r];
        const auto proposed = std::find_if(v.proposals.begin(), v.proposals.end(), [&](const AliasProposer::Proposal &p) { return p.alias == m_alias[r].trimmed(); });
        out.append({v.table, v.column, v.value, m_alias[r].trimmed(), proposed == v.proposals.end() ? ValueAlias::Source::User : ValueAlias::Source::Proposal,
                    proposed == v.proposals.end() ? QString() : proposed->reason});
    }
    return out;
}

int AbsentAnswersModel::checkedCount() const { return int(std::count(m_checked.begin(), m_checked.end(), true)); }
int AbsentAnswersModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_report.values.size()); }
int AbsentAnswersModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AbsentAnswersModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_report.values.size())
        return {};
    const AbsentAnswers::Value &v = m_report.values[index.row()];
    if (role == Qt::CheckStateRole && index.column() == Value)
        return m_checked[index.row()] ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::DisplayRole || role == Qt::EditRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Value: return v.value;
        case Column: return QStringLiteral("%1.%2").arg(v.table, v.column);
        case Groups:
            return role == Qt::ToolTipRole ? (v.elsewhere ? tr("Semantic groups with this answer: %1. Their true documents do not state it (other documents do): no retriever can bring "
                                                            "a document of theirs that answers them.").arg(v.groups)
                                                         : tr("Semantic groups with this answer: %1. Every run judges their queries wrong while no document states it.").arg(v.groups))
                                           : QVariant(v.groups);
        case Alias:
            if (role == Qt::ToolTipRole)
                return tr("How the documents write \"%1\": double-click to type another form, tick the row, then Store Checked Aliases").arg(v.value);
            return m_alias[index.row()];
        case Why: {
            QStringList parts;
            for (const AliasProposer::Proposal &p : v.proposals)
                parts << (p.chunks == 1 ? tr("%1 (%2, 1 chunk)").arg(p.alias, p.reason) : tr("%1 (%2, %3 chunks)").arg(p.alias, p.reason).arg(p.chunks));
            if (v.elsewhere)
                return role == Qt::ToolTipRole ? tr("Other documents state \"%1\", but not the true documents of these groups: a gap in those documents (or a "
                                                    "form of theirs to type in the Alias column)").arg(v.value)
                                               : tr("stated elsewhere, not in these groups' true documents");
            if (parts.isEmpty())
                return role == Qt::ToolTipRole ? tr("No document writes this value in another way Assay recognises: a gap in the corpus, or a form to type in the Alias column")
                                               : tr("nothing similar in the corpus");
            return parts.join(QStringLiteral("; "));
        }
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() == Groups)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

bool AbsentAnswersModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.row() >= m_report.values.size())
        return false;
    if (role == Qt::CheckStateRole && index.column() == Value) {
        m_checked[index.row()] = value.toInt() == Qt::Checked;
        emit dataChanged(index, index, {role});
        return true;
    }
    if (role == Qt::EditRole && index.column() == Alias) {
        m_alias[index.row()] = value.toString();
        // Typing an alias means it is wanted.
        m_checked[index.row()] = !value.toString().trimmed().isEmpty();
        emit dataChanged(this->index(index.row(), 0), index);
        return true;
    }
    return false;
}

Qt::ItemFlags AbsentAnswersModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.column() == Value)
        f |= Qt::ItemIsUserCheckable;
    if (index.column() == Alias)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant AbsentAnswersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    switch (section) {
    case Value: return tr("Answer");
    case Column: return tr("Column");
    case Groups: return tr("Groups");
    case Alias: return tr("Alias to store");
    case Why: return role == Qt::ToolTipRole ? tr("The forms found in the corpus, why each was proposed, and in how many chunks") : tr("Found in the corpus");
    }
    return {};
}

} // namespace assay
