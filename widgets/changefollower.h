#pragma once
// Keeps a page current with its project: after committed changes by other connections (a
// background job, another process) that `matters` accepts, calls `refresh` at once when the
// page is visible, else when it is next shown. `refresh` returns false when it cannot run now
// (the page is busy); the page then stays stale and is refreshed at the next change or show.
// Edits made through the project's own connection reach views through the services' signals
// and are not followed (docs/ARCHITECTURE.md, "Data flow").
#include "project/projectchange.h"

#include <QObject>

#include <functional>

class QWidget;

namespace assay {

class Project;

class ChangeFollower : public QObject {
    Q_OBJECT
public:
    using Filter = std::function<bool(const ProjectChange &)>;
    ChangeFollower(QWidget *page, Project *project, Filter matters, std::function<bool()> refresh);
    // The usual filter: any change touching one of `aggregates`.
    static Filter touching(ProjectChange::Aggregates aggregates);

    bool isStale() const { return m_stale; }
    // Also follow the project's own connection: for a view of data no service signals about
    // (the Versions tab's baselines, marked from Compare through a store).
    void setFollowsOwnEdits(bool follows) { m_followsOwn = follows; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onChanged(const ProjectChange &change);
    void refreshNow();

    QWidget *m_page;
    Filter m_matters;
    std::function<bool()> m_refresh;
    bool m_stale = false;
    bool m_followsOwn = false;
};

} // namespace assay
