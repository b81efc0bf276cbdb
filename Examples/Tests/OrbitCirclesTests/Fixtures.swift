import OrbitCircles

/// The original's `fixture<CircleConfigModel>()`: one circle to edit or delete.
func fixtureCircle() -> CircleConfigModel {
    CircleConfigModel(id: "circle-42", name: "Test", coverPhoto: "file://something.jpg")
}

/// The original's `createPresenter(circlesRepository:)`.
func createPresenter(circlesRepository: any CirclesRepository) -> CreateOrEditCirclePresenter {
    CreateOrEditCirclePresenter(circlesRepository: circlesRepository)
}

/// A filled-in form.
let filledRequest = CreateOrEditCircleRequest(circleName: "Test", coverPhoto: "file://something.jpg")
